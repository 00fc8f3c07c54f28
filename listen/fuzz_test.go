package listen

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	lzstring "github.com/daku10/go-lz-string"
)

// FuzzMessage feeds any message to the handler, as serve does: it never
// panics, and every response is JSON with the request's nonce and a type
// of the protocol, a request that is not a job answered at once and a
// job answered with at least one response (or stopped by its deadline).
func FuzzMessage(f *testing.F) {
	js := `{"size":4,"grid":[[{"value":1,"given":true},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{"value":2,"centerPencilMarks":[1,2]}]],"truecandidatesoptions":["colored","logical"]}`
	data, err := lzstring.CompressToBase64(js)
	if err != nil {
		f.Fatal(err)
	}
	for _, cmd := range []string{"truecandidates", "solve", "check", "count", "estimate", "step", "solvepath", "cancel", "nope"} {
		b, _ := json.Marshal(request{Nonce: "7", Command: cmd, DataType: "fpuzzles", Data: data})
		f.Add(b)
		b, _ = json.Marshal(request{Nonce: "8", Command: cmd, DataType: "fpuzzles", Data: js})
		f.Add(b)
	}
	f.Add([]byte(`{"nonce": 3, "command": "solve", "dataType": "fpuzzles", "data": "N4IgzglgXgpiBcAWBOAB"}`))
	f.Add([]byte(`{"nonce": 1e99}`))
	f.Add([]byte(`{"nonce": "a<b>\\u00e9", "command": "check", "dataType": "fpuzzles", "data": "x"}`))
	f.Add([]byte(`{"nonce": {}, "command": "check"}`))
	f.Add([]byte(`not json`))
	srv := New(Options{Jobs: 1})
	types := map[string]bool{"canceled": true, "invalid": true, "truecandidates": true, "solved": true, "count": true, "estimate": true, "logical": true}
	f.Fuzz(func(t *testing.T, msg []byte) {
		req, now := decode(msg, false)
		var got []response
		if now == nil {
			ctx, cancel := context.WithTimeout(context.Background(), 500*time.Millisecond)
			defer cancel()
			srv.answer(&job{ctx: context.Background(), work: ctx, req: req, out: func(r response) bool {
				got = append(got, r)
				return true
			}})
			if len(got) == 0 {
				t.Fatalf("%q: no response", msg)
			}
		} else {
			got = append(got, now)
		}
		want := req.Nonce
		if want == "" {
			want = "0" // no nonce is answered 0
		}
		for _, r := range got {
			b, err := json.Marshal(r)
			if err != nil {
				t.Fatalf("%q: response %#v: %v", msg, r, err)
			}
			var h header
			if err := json.Unmarshal(b, &h); err != nil || !types[h.Type] || h.Nonce != want {
				t.Fatalf("%q: response %s (nonce %s)", msg, b, req.Nonce)
			}
		}
	})
}
