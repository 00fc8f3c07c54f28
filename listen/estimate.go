package listen

func (s *Server) estimate(j *job, w *worker, p *puzzle) {
	j.invalid("estimate: not yet")
}
