package main

import (
	"fmt"
	"strings"
	"testing"
)

const pkg = `"Package":"example.com/m/a"`

func pass(name string) string {
	return fmt.Sprintf(`{"Action":"run",%s,"Test":%q}`+"\n"+`{"Action":"pass",%s,"Test":%q,"Elapsed":0}`+"\n", pkg, name, pkg, name)
}

func events(lines ...string) string {
	for i, l := range lines {
		lines[i] = strings.ReplaceAll(l, "PKG", pkg)
	}
	return strings.Join(lines, "\n") + "\n"
}

// Each case is a crafted `go test -json` stream, the status, the lines the
// summary must end with, and pieces of text it must print.
func TestSummarize(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name, input string
		status      int
		closing     string
		texts       []string
	}{{
		name: "clean run",
		input: "TF_ACC=1 go test -race -count=1 -json ./...\n" + events(
			`{"Action":"start","Package":"example.com/m/notests"}`,
			`{"Action":"skip","Package":"example.com/m/notests","Elapsed":0}`,
		) + pass("TestOne") + pass(`TestTwo/case_"quoted"`) + events(`{"Action":"pass",PKG,"Elapsed":0.1}`),
		closing: "0 unfinished; 0 packages failed\n2 passed, 0 failed, 0 skipped\n",
	}, {
		name: "build failure",
		input: pass("TestOne") + events(
			`{"ImportPath":"example.com/m/b [example.com/m/b.test]","Action":"build-output","Output":"# example.com/m/b [example.com/m/b.test]\n"}`,
			`{"ImportPath":"example.com/m/b [example.com/m/b.test]","Action":"build-output","Output":"b/b_test.go:5:28: undefined: undefinedThing\n"}`,
			`{"ImportPath":"example.com/m/b [example.com/m/b.test]","Action":"build-fail"}`,
			`{"Action":"start","Package":"example.com/m/b"}`,
			`{"Action":"output","Package":"example.com/m/b","Output":"FAIL\texample.com/m/b [build failed]\n"}`,
			`{"Action":"fail","Package":"example.com/m/b","Elapsed":0,"FailedBuild":"example.com/m/b [example.com/m/b.test]"}`,
		),
		status:  1,
		closing: "0 unfinished; 1 packages failed\n1 passed, 0 failed, 0 skipped\n",
		texts:   []string{"BUILD FAILED: example.com/m/b", "undefined: undefinedThing", "PACKAGE FAILED: example.com/m/b\nFAIL\texample.com/m/b [build failed]"},
	}, {
		name: "panic",
		input: pass("TestBefore") + events(
			`{"Action":"run",PKG,"Test":"TestParallel"}`,
			`{"Action":"output",PKG,"Test":"TestParallel","Output":"=== RUN   TestParallel\n"}`,
			`{"Action":"run",PKG,"Test":"TestPanic"}`,
			`{"Action":"output",PKG,"Test":"TestPanic","Output":"panic: boom [recovered, repanicked]\n"}`,
			`{"Action":"fail",PKG,"Test":"TestPanic","Elapsed":0}`,
			`{"Action":"output",PKG,"Output":"FAIL\texample.com/m/a\t0.005s\n"}`,
			`{"Action":"fail",PKG,"Elapsed":0.005}`,
		),
		status:  1,
		closing: "1 unfinished; 1 packages failed\n1 passed, 1 failed, 0 skipped\n",
		texts:   []string{"FAIL: example.com/m/a TestPanic", "panic: boom", "UNFINISHED (the test binary stopped while it ran): example.com/m/a TestParallel"},
	}, {
		name: "timeout",
		input: pass("TestBefore") + events(
			`{"Action":"run",PKG,"Test":"TestHang"}`,
			`{"Action":"output",PKG,"Test":"TestHang","Output":"panic: test timed out after 30m0s\n"}`,
			`{"Action":"fail",PKG,"Elapsed":1800}`,
		),
		status:  1,
		closing: "1 unfinished; 1 packages failed\n1 passed, 0 failed, 0 skipped\n",
		texts:   []string{"UNFINISHED (the test binary stopped while it ran): example.com/m/a TestHang", "panic: test timed out"},
	}, {
		name: "skip, escaped output",
		input: pass("TestOne") + events(
			`{"Action":"run",PKG,"Test":"TestSkipped"}`,
			`{"Action":"output",PKG,"Test":"TestSkipped","Output":"    x_test.go:9: needs \u003cthing\u003e \u0026 \"more\" \u00e9\n"}`,
			`{"Action":"skip",PKG,"Test":"TestSkipped","Elapsed":0}`,
		),
		status:  1,
		closing: "0 unfinished; 0 packages failed\n1 passed, 0 failed, 1 skipped\n",
		texts:   []string{"SKIP: example.com/m/a TestSkipped", `x_test.go:9: needs <thing> & "more" é`},
	}, {
		name:    "no test at all",
		status:  1,
		closing: "0 unfinished; 0 packages failed\n0 passed, 0 failed, 0 skipped\nno test passed: did the tests run at all?\n",
		texts:   []string{"no test passed"},
	}} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			got, status := summarize([]byte(tc.input))
			if status != tc.status || !strings.HasSuffix(got, tc.closing) {
				t.Errorf("status %d, output:\n%s\nwant status %d and closing lines:\n%s", status, got, tc.status, tc.closing)
			}
			for _, text := range tc.texts {
				if !strings.Contains(got, text) {
					t.Errorf("output lacks %q:\n%s", text, got)
				}
			}
		})
	}
}
