package main

import "github.com/satdoku/satdoku/checked"

// certMark is how a verdict was certified, with --certify: the record's
// "certified" field. The zero value, for a run without --certify or an
// answer whose verdict claims no unsatisfiability (solved, multiple, a
// count that reached the limit, invalid, error, timeout), leaves the field
// out.
type certMark uint8

const (
	certNone  certMark = iota // no field
	certNot                   // false: asked for, and not obtained in time
	certDRAT                  // "drat": a DRAT proof, checked
	certCount                 // "count": the independent count agrees
)

// jsonText is the mark's JSON value.
func (c certMark) jsonText() string {
	switch c {
	case certDRAT:
		return `"drat"`
	case certCount:
		return `"count"`
	}
	return "false"
}

// MarshalJSON writes "drat", "count" or false.
func (c certMark) MarshalJSON() ([]byte, error) { return []byte(c.jsonText()), nil }

// defaultCertifyBudget is the --certify-budget default.
const defaultCertifyBudget = checked.DefaultBudget

// certify records how the answer's verdict was certified (see
// checked.Certificate): the record's mark, the note the text formats
// print after the status, and the checks for --stats.
func (a *record) certify(c checked.Certificate) {
	switch c.Method {
	case checked.NotAsked:
		return
	case checked.DRAT:
		a.Certified = certDRAT
	case checked.Count:
		a.Certified = certCount
	case checked.OverBudget:
		a.Certified = certNot
	}
	a.certNote, a.certTime, a.certChecks = c.String(), c.Time, c.Checks
}

// note appends the certificate's note to a status or count: "unique
// (certified: independent count)".
func (a *record) note(s string) string {
	if a.certNote == "" {
		return s
	}
	return s + " (" + a.certNote + ")"
}
