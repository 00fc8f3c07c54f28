module github.com/satdoku/satdoku

go 1.26

require (
	github.com/chromedp/chromedp v0.14.2
	github.com/daku10/go-lz-string v0.0.6
	github.com/go-air/gini v1.0.4
	github.com/mattn/go-isatty v0.0.24
	github.com/rogpeppe/go-internal v1.16.0
	github.com/spf13/pflag v1.0.10
)

require (
	github.com/chromedp/cdproto v0.0.0-20250724212937-08a3db8b4327 // indirect
	github.com/chromedp/sysutil v1.1.0 // indirect
	github.com/go-json-experiment/json v0.0.0-20250725192818-e39067aee2d2 // indirect
	github.com/gobwas/httphead v0.1.0 // indirect
	github.com/gobwas/pool v0.2.1 // indirect
	github.com/gobwas/ws v1.4.0 // indirect
	golang.org/x/sys v0.34.0 // indirect
	golang.org/x/tools v0.26.0 // indirect
)
