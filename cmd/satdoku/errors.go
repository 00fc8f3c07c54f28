package main

import "github.com/satdoku/satdoku/answer"

// userText is the message of err in the user's terms (answer.Message): no
// package names of this program, a line too long said as such.
func userText(err error) string { return answer.Message(err) }
