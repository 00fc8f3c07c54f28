module github.com/satdoku/satdoku

go 1.26

require (
	github.com/daku10/go-lz-string v0.0.6
	github.com/go-air/gini v1.0.4
	github.com/mattn/go-isatty v0.0.24
	github.com/rogpeppe/go-internal v1.16.0
	github.com/spf13/pflag v1.0.10
)

require (
	github.com/coder/websocket v1.8.12 // indirect
	golang.org/x/sys v0.28.0 // indirect
	golang.org/x/tools v0.26.0 // indirect
)
