package drat_test

import (
	"fmt"
	"strings"

	"github.com/satdoku/satdoku/drat"
)

// Check a text DRAT proof that the four clauses over two variables are
// unsatisfiable: the lemma 1 is RUP (¬1 propagates 2 and ¬2), and with it
// propagation refutes the formula, so the empty clause is RUP too.
func ExampleCheck() {
	f, err := drat.ReadCNF(strings.NewReader("p cnf 2 4\n1 2 0\n1 -2 0\n-1 2 0\n-1 -2 0\n"))
	if err != nil {
		fmt.Println(err)
		return
	}
	st, err := drat.Check(f, strings.NewReader("1 0\n0\n"))
	fmt.Println(st.Lemmas, err)

	// Without the lemma, the empty clause is not implied.
	_, err = drat.Check(f, strings.NewReader("0\n"))
	fmt.Println(err)
	// Output:
	// 2 <nil>
	// drat: lemma not implied: lemma 1 (line 1): 0
}
