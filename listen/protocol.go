package listen

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
)

// The commands of the protocol.
const (
	cmdTrueCandidates = "truecandidates"
	cmdSolve          = "solve"
	cmdCheck          = "check"
	cmdCount          = "count"
	cmdEstimate       = "estimate"
	cmdSolvePath      = "solvepath"
	cmdStep           = "step"
	cmdCancel         = "cancel"
)

// request is a message from the client: a command on a puzzle, in the
// form "fpuzzles" (an lz-string Base64 f-puzzles JSON, as the userscript
// sends it, or the JSON itself).
type request struct {
	Nonce    nonceID `json:"nonce"`
	Command  string  `json:"command"`
	DataType string  `json:"dataType"`
	Data     string  `json:"data"`
}

// The responses. Each carries the nonce of the request it answers and its
// type.
type (
	header struct {
		Nonce nonceID `json:"nonce"`
		Type  string  `json:"type"`
	}
	canceledResponse = header
	invalidResponse  struct {
		header
		Message string `json:"message"`
	}
	trueCandidatesResponse struct {
		header
		SolutionsPerCandidate []int `json:"solutionsPerCandidate"`
	}
	solvedResponse struct {
		header
		Solution []int `json:"solution"`
	}
	countResponse struct {
		header
		Count      int64 `json:"count"`
		InProgress bool  `json:"inProgress"`
	}
	estimateResponse struct {
		header
		Estimate      float64 `json:"estimate"`
		Stderr        float64 `json:"stderr"`
		Iterations    int     `json:"iterations"`
		CI95Lower     float64 `json:"ci95_lower"`
		CI95Upper     float64 `json:"ci95_upper"`
		RelErrPercent float64 `json:"relErrPercent"`
	}
	logicalCell struct {
		Value      int   `json:"value"`
		Candidates []int `json:"candidates"`
	}
	logicalResponse struct {
		header
		Cells   []logicalCell `json:"cells"`
		Message string        `json:"message"`
		IsValid bool          `json:"isValid"`
	}
)

// nonceID is the nonce of a request as its JSON text, answered as it
// came: a number (the userscripts count 1, 2, 3 …) or a string (a client
// of its own may send one; dclamage's solver, which reads an int, answers
// such a message nothing at all). "" is no nonce, answered 0.
type nonceID string

// MarshalJSON implements json.Marshaler.
func (n nonceID) MarshalJSON() ([]byte, error) {
	if n == "" {
		return []byte("0"), nil
	}
	return []byte(n), nil
}

// errNonce reports a nonce that is neither a number nor a string.
var errNonce = errors.New("nonce must be a number or a string")

// UnmarshalJSON implements json.Unmarshaler: a number is kept as it is
// written, a string in the form json.Marshal writes it (so that it reads
// back the same), null as no nonce.
func (n *nonceID) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	switch {
	case string(b) == "null":
		*n = ""
	case len(b) > 0 && b[0] == '"':
		var s string
		if err := json.Unmarshal(b, &s); err != nil {
			return err
		}
		c, err := json.Marshal(s)
		if err != nil {
			return err
		}
		*n = nonceID(c)
	default:
		var num json.Number
		if err := json.Unmarshal(b, &num); err != nil {
			return errNonce
		}
		*n = nonceID(num)
	}
	return nil
}

// response is any of the responses.
type response interface{ nonce() nonceID }

func (h header) nonce() nonceID { return h.Nonce }

func canceled(nonce nonceID) canceledResponse { return header{nonce, "canceled"} }

func invalid(nonce nonceID, format string, args ...any) invalidResponse {
	return invalidResponse{header{nonce, "invalid"}, fmt.Sprintf(format, args...)}
}

// noSolutions is the message of an unsolvable puzzle, as dclamage's
// solver words it (the userscript shows it as it is).
const noSolutions = "No solutions found."

// parseRequest reads a message. A message that is not a request gets an
// error, with the nonce when one can be read from it.
func parseRequest(msg []byte) (request, error) {
	var req request
	err := json.Unmarshal(msg, &req)
	if err == nil {
		return req, nil
	}
	return request{Nonce: nonceOf(msg)}, fmt.Errorf("bad message: %w", err)
}

// nonceOf reads the nonce of a message that is not a valid request: from
// its top-level "nonce" when it is a JSON object, else from the first
// number after `"nonce":` (a message cut short at the size limit); none
// when there is none.
func nonceOf(msg []byte) nonceID {
	var obj map[string]json.RawMessage
	if json.Unmarshal(msg, &obj) == nil {
		var n nonceID
		if json.Unmarshal(obj["nonce"], &n) == nil {
			return n
		}
		return ""
	}
	i := bytes.Index(msg, []byte(`"nonce"`))
	if i < 0 {
		return ""
	}
	rest := bytes.TrimLeft(msg[i+len(`"nonce"`):], " \t\r\n")
	if len(rest) == 0 || rest[0] != ':' {
		return ""
	}
	rest = bytes.TrimLeft(rest[1:], " \t\r\n")
	j := 0
	for j < len(rest) && (rest[j] == '-' && j == 0 || '0' <= rest[j] && rest[j] <= '9') {
		j++
	}
	var n nonceID
	if n.UnmarshalJSON(rest[:j]) != nil {
		return ""
	}
	return n
}
