// Package listen is the server of "satdoku listen": it answers the
// f-puzzles userscript of dclamage's SudokuSolver
// (UserScripts/Fpuzzles-SudokuSolver.user.js) over a WebSocket, speaking
// the protocol of that solver's SudokuSolverConsole/WebsocketListener.cs,
// so that a setter sees in f-puzzles, after every digit or clue, what
// satdoku proves about the puzzle; and it serves an HTTP JSON API on the
// same port.
//
// # The protocol
//
// A request is a JSON text message {"nonce", "command", "dataType":
// "fpuzzles", "data"}: data is the puzzle's f-puzzles JSON compressed by
// lz-string (compressToBase64), as the userscript sends it, or the JSON
// itself; the puzzle is read by package fpuzzles. Every response carries
// the request's nonce and a "type":
//
//	truecandidates  {"solutionsPerCandidate": [N·N·N counts, cell-major]}:
//	                min(solutions with the digit in the cell, cap), givens
//	                included; the cap is N with the option
//	                "truecandidatesnumsolutions=N" of
//	                "truecandidatesoptions" (userscripts 1.2.0 and later;
//	                at most MaxCandidateCap), else CandidateCap (8) with
//	                "colored" (earlier userscripts), else 1; with
//	                "logical", -1 marks a candidate that package logic
//	                keeps and no solution holds
//	solve           {"type": "solved", "solution": [N·N digits]}
//	check           {"type": "count", "count": 0, 1 or 2, "inProgress": false}
//	count           counts in progress ("inProgress": true) every second
//	                (Options.Progress) as the count goes on, then the count
//	estimate        {"estimate", "stderr", "iterations", "ci95_lower",
//	                "ci95_upper", "relErrPercent"} (answer.Estimate) every
//	                second, then the last, then an "invalid" whose message
//	                says what ended it (exact count, relative error, time
//	                limit): the answer that finishes the userscript's
//	                estimate
//	step, solvepath {"type": "logical", "cells": [{"value", "candidates"}],
//	                "message", "isValid"}: the next step (or every step) of
//	                package logic from the player's digits and centre marks,
//	                each step checked against the true candidates of the
//	                position (answer.Next, answer.PathFrom); where logic is
//	                stuck the message says so, and a position with no
//	                solution, or marks that leave out a digit a solution
//	                holds, is "isValid": false
//	cancel          {"type": "canceled"}, with the cancel's own nonce
//
// A puzzle without a solution is answered {"type": "invalid", "message":
// "No solutions found."}; givens that break a rule, bad JSON, an unknown
// command, a puzzle that does not read and a message over MaxMessage
// bytes are answered "invalid" with a message naming the problem, and the
// connection stays open. The nonce is answered as it came, a number or a
// string. "disabledlogic" switches off the families of techniques it
// names (logic.ParseFamily: tuples, pointing, fishes, wings, aic,
// contradictions) for step, solvepath and the "logical" candidates; as in
// dclamage's solver, other names are ignored.
//
// # Jobs
//
// A request is a job on a bounded pool of Options.Jobs workers, each with
// its own gini (satsolve, stoppable) behind package checked, asked
// through package answer with the job's context: every answer is the
// validator's, every step checked, and the logic stops too when the job
// is canceled. A new message on a connection cancels the job in
// progress there, whose answer is then never sent (in particular never
// after the new one's); a closed connection cancels its job. gini stops
// within its clock period (20,000 propagations).
//
// # Safety
//
// A page the user visits can open a WebSocket to localhost: the Origin
// header is checked against DefaultOrigins (f-puzzles and its
// subdomains, SudokuPad, loopback pages) and Options.AllowOrigins (no
// Origin at all is a program, not a page, and is let in; Origin "null",
// which a sandboxed frame of any website sends, is refused unless
// allowed by name). The command
// binds the loopback address unless told otherwise (CheckAddr warns).
package listen
