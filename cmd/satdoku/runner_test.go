package main

import (
	"bytes"
	"regexp"
	"runtime/debug"
	"strings"
	"testing"
	"time"
)

func TestStatsQuantile(t *testing.T) {
	s := newStats()
	for i := 1; i <= 100; i++ {
		s.add(&answer{Status: statusUnique, MS: float64(i) / 10}) // 0.1ms..10ms
	}
	s.add(&answer{Status: statusNone, MS: 0})
	for _, c := range []struct {
		q        float64
		lo, high time.Duration
	}{
		{0.5, 4800 * time.Microsecond, 5300 * time.Microsecond},
		{0.99, 9500 * time.Microsecond, 10600 * time.Microsecond},
	} {
		if got := s.quantile(c.q); got < c.lo || got > c.high {
			t.Errorf("quantile(%v) = %v, want in [%v, %v]", c.q, got, c.lo, c.high)
		}
	}
	var b bytes.Buffer
	s.write(&b, 3)
	out := b.String()
	for _, re := range []string{
		`(?m)^satdoku: 101 puzzles: unique 100, none 1$`,
		`(?m)^satdoku: elapsed \S+, \d+ puzzles/s, 3 jobs$`,
		`(?m)^satdoku: per puzzle p50 \S+, p99 \S+$`,
	} {
		if !regexp.MustCompile(re).MatchString(out) {
			t.Errorf("summary %q does not match %s", out, re)
		}
	}
}

func TestProgress(t *testing.T) {
	var b bytes.Buffer
	in := newInputs(nil, strings.NewReader(""))
	in.total = 1000
	in.nread.Store(250)
	p := &progress{w: &b, in: in, start: time.Now().Add(-time.Second)}
	p.step()
	if !regexp.MustCompile(`^\r1 puzzles, \d+/s,  25%, ETA \d+s\x1b\[K$`).MatchString(b.String()) {
		t.Errorf("progress line %q", b.String())
	}
	b.Reset()
	p.step() // within 100ms of the last line: nothing drawn
	if b.Len() != 0 {
		t.Errorf("progress redrawn at once: %q", b.String())
	}
	p.finish()
	if b.String() != "\r\x1b[K" {
		t.Errorf("finish wrote %q", b.String())
	}
	var none *progress // not a terminal: every method is a no-op
	none.step()
	none.finish()
}

// TestTuneGC checks that tuneGC sets streamGOGC after the delay, and
// leaves the setting alone when the user's environment has GOGC or
// GOMEMLIMIT.
func TestTuneGC(t *testing.T) {
	percent := func() int { p := debug.SetGCPercent(100); debug.SetGCPercent(p); return p }
	prev := debug.SetGCPercent(100)
	defer debug.SetGCPercent(prev)
	for _, env := range []map[string]string{{"GOGC": "50"}, {"GOMEMLIMIT": "1GiB"}} {
		if tuneGC(func(k string) string { return env[k] }, 0) {
			t.Errorf("env %v: tuneGC reports a change", env)
		}
	}
	time.Sleep(50 * time.Millisecond)
	if p := percent(); p != 100 {
		t.Fatalf("GC percent %d with the user's settings, want 100 left alone", p)
	}
	if !tuneGC(func(string) string { return "" }, time.Millisecond) {
		t.Fatal("tuneGC reports no change without the user's settings")
	}
	for start := time.Now(); percent() != streamGOGC; time.Sleep(time.Millisecond) {
		if time.Since(start) > 5*time.Second {
			t.Fatalf("GC percent %d, want %d", percent(), streamGOGC)
		}
	}
}
