package listen

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
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
	Nonce    int64  `json:"nonce"`
	Command  string `json:"command"`
	DataType string `json:"dataType"`
	Data     string `json:"data"`
}

// The responses. Each carries the nonce of the request it answers and its
// type.
type (
	header struct {
		Nonce int64  `json:"nonce"`
		Type  string `json:"type"`
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

// response is any of the responses.
type response interface{ nonce() int64 }

func (h header) nonce() int64 { return h.Nonce }

func canceled(nonce int64) canceledResponse { return header{nonce, "canceled"} }

func invalid(nonce int64, format string, args ...any) invalidResponse {
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
// number after `"nonce":` (a message cut short at the size limit); 0
// when there is none.
func nonceOf(msg []byte) int64 {
	var obj map[string]json.RawMessage
	if json.Unmarshal(msg, &obj) == nil {
		var n int64
		if json.Unmarshal(obj["nonce"], &n) == nil {
			return n
		}
		return 0
	}
	i := bytes.Index(msg, []byte(`"nonce"`))
	if i < 0 {
		return 0
	}
	rest := bytes.TrimLeft(msg[i+len(`"nonce"`):], " \t\r\n")
	if len(rest) == 0 || rest[0] != ':' {
		return 0
	}
	rest = bytes.TrimLeft(rest[1:], " \t\r\n")
	j := 0
	for j < len(rest) && (rest[j] == '-' && j == 0 || '0' <= rest[j] && rest[j] <= '9') {
		j++
	}
	n, err := strconv.ParseInt(string(rest[:j]), 10, 64)
	if err != nil {
		return 0
	}
	return n
}
