package render

import (
	"strconv"
	"strings"

	"github.com/satdoku/satdoku/clue"
)

// weightedSum draws a sum of any cells (ISS's Sum) as a cage of short
// dashes, labelled with its total, "Σ=" before it when some coefficient
// is not 1.
func (d *drawing) weightedSum(c *clue.Clue) {
	label := strconv.Itoa(c.Value)
	for _, k := range c.Coefs {
		if k != 1 {
			label = "Σ=" + label
			break
		}
	}
	d.outline("sum", c.Cells, label, "2 2")
}

// equalSums draws each group of an equal sum as a cage labelled "=".
func (d *drawing) equalSums(c *clue.Clue) {
	for _, l := range c.Lines {
		d.outline("equal-sums", l, "=", "6 2")
	}
}

// containsExactly draws the cells as a dotted cage labelled with the
// digits they contain.
func (d *drawing) containsExactly(c *clue.Clue) {
	d.outline("contains-exactly", c.Cells, joinInts(c.Values, ","), "1 2")
}

// joinInts writes the numbers with sep between them.
func joinInts(xs []int, sep string) string {
	s := make([]string, len(xs))
	for k, x := range xs {
		s[k] = strconv.Itoa(x)
	}
	return strings.Join(s, sep)
}

// sameValues shades each set and outlines it, labelled "≡".
func (d *drawing) sameValues(c *clue.Clue) {
	for _, l := range c.Lines {
		d.shade("same-values", l, "#e6dcf5")
		d.outline("same-values", l, "≡", "4 2")
	}
}

// countingCircles draws a ring in each cell.
func (d *drawing) countingCircles(c *clue.Clue) {
	for _, i := range d.cellsOn(c.Cells) {
		d.p(`<circle class="counting-circles" cx="%s" cy="%s" r="%s" stroke="#4a4a4a" stroke-width="2" fill="none"/>`+"\n",
			f(d.cx(i)), f(d.cy(i)), f(cell*0.42))
	}
}

// countDistinct shades the counting cell and outlines the cells it
// counts, labelled "#".
func (d *drawing) countDistinct(c *clue.Clue) {
	if len(c.Cells) == 0 {
		return
	}
	d.shade("count-distinct", c.Cells[:1], "#f5e6c8")
	d.outline("count-distinct", c.Cells[1:], "#", "3 3")
}

// sumLoop draws each loop as a 10-line that closes on itself.
func (d *drawing) sumLoop(c *clue.Clue) {
	for _, l := range c.Lines {
		if len(d.cellsOn(l)) == 0 {
			continue
		}
		d.p(`<path class="sum-loop" d="%sZ" stroke="#9fd89f" stroke-width="%s" stroke-linecap="round" stroke-linejoin="round" fill="none"/>`+"\n",
			d.polyline(l), f(cell*0.22))
	}
}
