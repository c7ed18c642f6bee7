package deploy

import (
	"strconv"
	"strings"
	"testing"
)

// TestTemplateGC: every function runs with GOGC=400 and a GOMEMLIMIT below
// its memory size (docs/deploy.md, "Garbage collection at 128 MB"), and with
// GOMAXPROCS=1 while its memory buys less than one vCPU (1,769 MB; "One P at
// 128 MB").
func TestTemplateGC(t *testing.T) {
	r := loadTemplate(t)
	env, _ := dig(r, "Globals", "Function", "Environment", "Variables").(map[string]any)
	if got := env["GOGC"]; got != "400" {
		t.Errorf("Globals GOGC = %#v, want the string \"400\"", got)
	}
	limit, _ := env["GOMEMLIMIT"].(string)
	if limit != "100MiB" {
		t.Errorf("Globals GOMEMLIMIT = %#v, want \"100MiB\"", env["GOMEMLIMIT"])
	}
	mib, err := strconv.Atoi(strings.TrimSuffix(limit, "MiB"))
	if err != nil {
		t.Fatalf("GOMEMLIMIT %q is not N MiB: %v", limit, err)
	}
	if got := env["GOMAXPROCS"]; got != "1" {
		t.Errorf("Globals GOMAXPROCS = %#v, want the string \"1\"", got)
	}
	mem, _ := dig(r, "Globals", "Function", "MemorySize").(int)
	for name, fn := range resourcesOf(r, "AWS::Serverless::Function") {
		size := mem
		if m, ok := dig(fn, "Properties", "MemorySize").(int); ok {
			size = m
		}
		if mib*1<<20 >= size*1000*1000 {
			t.Errorf("%s: GOMEMLIMIT %d MiB is not below its MemorySize %d MB", name, mib, size)
		}
		v := digMap(fn, "Properties", "Environment", "Variables")
		if v["GOGC"] != nil || v["GOMEMLIMIT"] != nil {
			t.Errorf("%s overrides GOGC/GOMEMLIMIT (%v, %v); they are set once in Globals", name, v["GOGC"], v["GOMEMLIMIT"])
		}
		// 1,769 MB buy one full vCPU; from there a second P can run.
		if size >= 1769 && v["GOMAXPROCS"] == nil {
			t.Errorf("%s: MemorySize %d MB buys a vCPU or more, but it keeps Globals' GOMAXPROCS=1; override it", name, size)
		}
	}
}
