package acctest

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The reason names what the test, or a function of the package it calls,
// uses of the mock.
func TestMockOnlyReason(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	src := "package p\n\n" +
		"func TestSeeds(t *testing.T) { mock := newTestMock(t); seed(t, mock) }\n" +
		"func seed(t *testing.T, mock *testMock) { s := mock.server; s.SeedTCPEdge(x) }\n" +
		"func TestFaults(t *testing.T) { mock := newTestMock(t); mock.server.AddFault(f); mock.server.Journal() }\n" +
		"func TestControl(t *testing.T) { get(\"/_mock/journal\") }\n" +
		"func TestClock(t *testing.T) { newTestMock(t, mockserver.WithClock(c), mockserver.WithAPIKeys(k)) }\n" +
		"func TestOwn(t *testing.T) { m := newOutageMock(t) }\n" +
		"func newOutageMock(t *testing.T) *outageMock { skipOnAccount(t); return &outageMock{mockserver.New()} }\n" +
		"func TestPlan(t *testing.T) { mock := newTestMock(t); t.Run(\"x\", func(t *testing.T) { testAccExpectPlanError(t, mock.config(\"\"), \"x\") }) }\n" +
		"func TestPlanThenApply(t *testing.T) { mock := newTestMock(t); testAccExpectPlanError(t, \"\", \"\"); resource.Test(t, c) }\n" +
		"func newTestMock(t *testing.T) *testMock { skipOnAccount(t); s := mockserver.New(); s.SeedX() }\n" +
		"func testAccExpectPlanError(t *testing.T, c, w string) { resource.Test(t, c) }\n" +
		"func TestPlain(t *testing.T) { mock := newTestMock(t); _ = mock.config(\"\") }\n"
	if err := os.WriteFile(filepath.Join(dir, "x_test.go"), []byte(src), 0o600); err != nil {
		t.Fatal(err)
	}
	for name, want := range map[string]string{
		"TestSeeds/sub":     "seeds objects the API cannot create (server.SeedTCPEdge)",
		"TestFaults":        "injects faults (server.AddFault); inspects or changes the mock's state (server.Journal)",
		"TestControl":       "uses the mock's control API (/_mock/)",
		"TestClock":         "runs the mock with options an account cannot have (mockserver.WithClock)",
		"TestOwn":           "runs a mock of its own",
		"TestPlan":          "plan-time validation only",
		"TestPlanThenApply": "not yet converted to newTestAccount",
		"TestPlain":         "not yet converted to newTestAccount",
		"TestMissing":       "not yet converted to newTestAccount",
	} {
		got := MockOnlyReason(dir, name)
		if !strings.HasPrefix(got, "mock-only: ") || !strings.Contains(got, want) {
			t.Errorf("%s: %q, want %q", name, got, want)
		}
	}
}
