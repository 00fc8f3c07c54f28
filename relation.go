package satdoku

// Holds reports whether the digit a of a relation's cell A and the digit b
// of its cell B satisfy a relation of kind k and value v (see the kinds).
// It is the one statement of what each kind means that the encoder, the
// human techniques and the readers share (the validator keeps its own); a
// value that is not a kind holds for no digits, nor does Table, whose
// table is the relation's (see Relation.Holds).
func (k RelationKind) Holds(v, a, b int) bool {
	diff := max(a-b, b-a)
	lo, hi := min(a, b), max(a, b)
	switch k {
	case Different:
		return a != b
	case NotConsecutive:
		return diff != 1
	case Consecutive:
		return diff == 1
	case Double:
		return hi == 2*lo
	case NotDouble:
		return hi != 2*lo
	case Sum:
		return a+b == v
	case NotSum:
		return a+b != v
	case Less:
		return a < b
	case Equal:
		return a == b
	case Apart:
		return diff >= v
	case Difference:
		return diff == v
	case NotDifference:
		return diff != v
	case Ratio:
		return hi == v*lo
	case NotRatio:
		return hi != v*lo
	case OtherResidue:
		return v >= 1 && a%v != b%v
	case OtherThird:
		ta, tb := third(v, a), third(v, b)
		return ta >= 0 && tb >= 0 && ta != tb
	case NotGreater:
		return a <= b
	}
	return false
}

// Holds reports whether the digits a of cell A and b of cell B satisfy
// the relation (see RelationKind.Holds; a Table relation looks its pair up
// in its table).
func (x Relation) Holds(a, b int) bool {
	if x.Kind == Table {
		n := isqrt(len(x.Table))
		return a >= 1 && b >= 1 && a <= n && b <= n && x.Table[(a-1)*n+b-1] == '1'
	}
	return x.Kind.Holds(x.Value, a, b)
}

// third returns the third of 1..v that digit d lies in (see OtherThird),
// 0, 1 or 2, or −1 when it lies in none.
func third(v, d int) int {
	a, b := (v+2)/3, v/3
	if v%3 == 1 {
		a, b = b, a
	}
	switch {
	case d < 1 || d > v:
		return -1
	case d <= a:
		return 0
	case d <= a+b:
		return 1
	}
	return 2
}
