package main

import (
	"runtime/debug"
	"testing"
)

func TestFormatVersion(t *testing.T) {
	bi := &debug.BuildInfo{
		GoVersion: "go1.26.0",
		Main:      debug.Module{Version: "(devel)"},
		Settings: []debug.BuildSetting{
			{Key: "vcs.revision", Value: "94129fb0123456789abcdef"},
			{Key: "vcs.modified", Value: "true"},
		},
	}
	for _, tc := range []struct {
		stamped string
		bi      *debug.BuildInfo
		want    string
	}{
		{"", nil, "devel"},
		{"v1.2.3", nil, "v1.2.3"},
		{"", bi, "devel 94129fb01234 (modified) go1.26.0"},
		{"", &debug.BuildInfo{GoVersion: "go1.26.0", Main: debug.Module{Version: "v0.4.0"}}, "v0.4.0 go1.26.0"},
		{"v1.2.3", bi, "v1.2.3 94129fb01234 (modified) go1.26.0"},
	} {
		if got := formatVersion(tc.stamped, tc.bi); got != tc.want {
			t.Errorf("formatVersion(%q, %v) = %q, want %q", tc.stamped, tc.bi, got, tc.want)
		}
	}
}

func TestDidYouMean(t *testing.T) {
	names := commandNames()
	for s, want := range map[string]string{
		"slove":   "; did you mean solve?",
		"uniqe":   "; did you mean unique?",
		"cuont":   "; did you mean count?",
		"nosuch":  "",
		"x":       "",
		"dimcas":  "; did you mean dimacs?",
		"verison": "; did you mean version?",
	} {
		if got := didYouMean(s, names); got != want {
			t.Errorf("didYouMean(%q) = %q, want %q", s, got, want)
		}
	}
}
