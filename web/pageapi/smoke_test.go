package pageapi

import (
	"context"
	"encoding/json"
	"os"
	"testing"
)

func TestSmoke(t *testing.T) {
	in := os.Getenv("SMOKE_IN")
	if in == "" {
		t.Skip()
	}
	b, _ := json.Marshal(Request{Puzzle: in})
	out, err := Answer(context.Background(), os.Getenv("SMOKE_Q"), b, Options{})
	t.Logf("%s %v", out, err)
}
