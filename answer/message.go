package answer

import (
	"bufio"
	"errors"
	"strings"
)

// packages are the packages of this module whose names start the errors
// they return ("encode: malformed solver output"): names of its insides,
// which mean nothing to its users.
var packages = []string{"satsolve", "extsolve", "encode", "checked", "verify", "portfolio", "generate", "logic", "drat", "textfmt", "backend", "answer"}

// Message returns the message of err in the user's terms, for a surface to
// show: the names of this module's packages taken out wherever a wrapped
// error starts with one ("logic: rules not supported: …" is "rules not
// supported: …"), and a line too long for a reader said as such.
func Message(err error) string {
	if errors.Is(err, bufio.ErrTooLong) {
		return strings.ReplaceAll(err.Error(), bufio.ErrTooLong.Error(), "a line is too long")
	}
	msg := err.Error()
	for _, p := range packages {
		prefix := p + ": "
		msg = strings.TrimPrefix(msg, prefix)
		msg = strings.ReplaceAll(msg, ": "+prefix, ": ")
	}
	return msg
}
