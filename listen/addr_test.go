package listen_test

import (
	"testing"

	"github.com/satdoku/satdoku/listen"
)

func TestCheckAddr(t *testing.T) {
	for addr, loopback := range map[string]bool{
		"127.0.0.1:4545": true, "127.1.2.3:80": true, "[::1]:4545": true, "localhost:4545": true,
		"0.0.0.0:4545": false, ":4545": false, "[::]:4545": false, "192.168.1.5:4545": false, "example.com:80": false, "nonsense": false,
	} {
		if w := listen.CheckAddr(addr); (w == "") != loopback {
			t.Errorf("CheckAddr(%q) = %q, want a warning: %v", addr, w, !loopback)
		}
	}
}
