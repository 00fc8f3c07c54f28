package main

import (
	"bufio"
	"errors"
	"strings"
)

// ourPackages are the packages whose names start the errors they return
// ("encode: malformed solver output"): names of this program's insides,
// which mean nothing to its users.
var ourPackages = []string{"satsolve", "extsolve", "encode", "checked", "verify", "portfolio", "generate", "logic", "drat", "textfmt", "backend", "answer"}

// userText is the message of err in the user's terms: the names of this
// program's packages taken out wherever a wrapped error starts with one,
// and a line too long for a reader said as such.
func userText(err error) string {
	if errors.Is(err, bufio.ErrTooLong) {
		return strings.ReplaceAll(err.Error(), bufio.ErrTooLong.Error(), "a line is too long")
	}
	msg := err.Error()
	for _, p := range ourPackages {
		prefix := p + ": "
		msg = strings.TrimPrefix(msg, prefix)
		msg = strings.ReplaceAll(msg, ": "+prefix, ": ")
	}
	return msg
}
