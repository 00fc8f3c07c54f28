package main

import (
	"runtime/pprof"
	"bufio"
	"context"
	"fmt"
	"os"
	"time"

	"github.com/satdoku/satdoku"
	"github.com/satdoku/satdoku/satsolve"
)

func main() {
	if os.Getenv("ZZ_PROF") != "" {
		pf, _ := os.Create("/tmp/cpu.prof")
		pprof.StartCPUProfile(pf)
		defer pprof.StopCPUProfile()
	}
	for _, name := range os.Args[2:] {
		f, _ := os.Open(os.Args[1] + "/" + name)
		sc := bufio.NewScanner(f)
		sc.Buffer(nil, 1<<20)
		var gs []*satdoku.Grid
		for sc.Scan() && len(gs) < 400 {
			g, err := satdoku.Parse(sc.Text())
			if err == nil {
				gs = append(gs, g)
			}
		}
		s := satsolve.New(satsolve.Options{})
		ctx := context.Background()
		start := time.Now()
		k := 0
		for once := os.Getenv("ZZ_ONCE") != ""; time.Since(start) < 2*time.Second; {
			if once && k > 0 {
				break
			}
			for _, g := range gs {
				if _, err := s.Unique(ctx, g); err != nil {
					panic(err)
				}
				k++
			}
		}
		fmt.Printf("%s %.0f/s nv %.1f\n", name, float64(k)/time.Since(start).Seconds(), float64(satsolve.DebugNV)/float64(satsolve.DebugCalls))
	}
}
