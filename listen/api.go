package listen

import "net/http"

func (s *Server) serveAPI(w http.ResponseWriter, r *http.Request) {
	http.NotFound(w, r)
}
