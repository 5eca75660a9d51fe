// Command scalebench is the scale benchmark behind `make bench-scale`. It
// runs the real Terraform CLI with the provider just built (through a
// dev_overrides CLI configuration) against ngrok-mock, with the provider's
// default settings, and prints per phase the wall time and the API requests
// the mock's journal recorded:
//
//   - limited: N mixed objects (SSH authorities, host and user certificates,
//     reserved domains, cloud endpoints) applied, planned and destroyed
//     against ngrok-mock -rate-limit 120, the real API's limit, with each
//     phase's 429s, its ideal (the requests that were not 429s at 2 a
//     second, the pace the limit allows) and its wall time ÷ that ideal;
//   - unlimited: the same N without a limit, each phase next to the same
//     phase of the floor, a do-nothing provider on the same framework with
//     the same schemas (internal/scalebench/floor), as a ratio;
//   - plan: a plan of many SSH authorities (1,000 by default), refreshed as
//     the provider does by default, with refresh_from_lists = false when the
//     provider has that setting, and by the floor;
//   - peers (not run unless asked for, as make bench-peers does): N SSH
//     authorities applied, planned and destroyed in interleaved rounds by
//     ours, the floor, a -baseline build and builds of ngrok's own provider
//     (-peers), with per-round paired ratios, each provider's CPU apart
//     from Terraform's, and its peak RSS (see peers.go).
//   - rules: one IP policy of many rules (100 by default; -rules-n 1000 is
//     the case of ngrok/ngrok's issue 35) applied, planned and destroyed
//     against ngrok-mock -rate-limit 120 as in limited, with the plan's
//     requests per route.
//
// It is a measurement, not a test: it asserts nothing, and its figures
// depend on the machine and its load, which is why every time it reports
// is set against the floor measured in the same run.
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"time"
)

type options struct {
	n, planN, rulesN, rateLimit, repeat int
	sections                            string
	terraform                           string
	binDir, floorDir                    string
	workDir                             string
	keep                                bool
	verbose                             bool
	profileDir                          string
	baseline                            string
	planMixed                           bool
	peersN                              int
	peers                               string
}

func main() {
	// NOTE: the peers section runs this executable in place of each
	// provider, with the provider's arguments; see wrap.go.
	wrapMode()

	var o options
	flag.IntVar(&o.n, "n", 300, "mixed objects of the limited and unlimited sections")
	flag.IntVar(&o.planN, "plan-n", 1000, "SSH authorities of the plan section")
	flag.IntVar(&o.rulesN, "rules-n", 100, "IP policy rules of the rules section, all in one policy")
	flag.IntVar(&o.rateLimit, "rate-limit", 120, "ngrok-mock's -rate-limit in the limited section")
	flag.IntVar(&o.repeat, "repeat", 1, "runs of each plan compared with the floor (the median is reported)")
	flag.StringVar(&o.sections, "sections", "limited,unlimited,plan,rules", "sections to run, comma-separated")
	flag.StringVar(&o.terraform, "terraform", "", "Terraform CLI (default: terraform, else tofu, from PATH)")
	flag.StringVar(&o.binDir, "bin", "bin", "directory of terraform-provider-ngrok and ngrok-mock (make build)")
	flag.StringVar(&o.floorDir, "floor", "bin/scalebench-floor", "directory of the floor provider, built as terraform-provider-ngrok")
	flag.StringVar(&o.workDir, "work", "", "working directory (default: a new temporary directory)")
	flag.BoolVar(&o.keep, "keep", false, "keep the working directory (configurations, states, Terraform logs)")
	flag.BoolVar(&o.verbose, "v", false, "print the requests of each phase per route and per status")
	flag.StringVar(&o.profileDir, "profile-dir", "", "after the timed plans of the plan section, plan once more with "+
		"TF_NGROK_PROFILE_DIR set, writing CPU and heap profiles of the provider and of the floor under this directory")
	flag.StringVar(&o.baseline, "baseline", "", "directory of another build of terraform-provider-ngrok (say, before a change) "+
		"that the plan section measures too, alternating with this one")
	flag.BoolVar(&o.planMixed, "plan-mixed", false, "the plan section plans -plan-n mixed objects, as the other sections, instead of SSH authorities")
	flag.IntVar(&o.peersN, "peers-n", 1000, "SSH authorities of the peers section")
	flag.StringVar(&o.peers, "peers", "", "the peers section's builds of ngrok's own provider (source ngrok/ngrok), as NAME=DIR,... "+
		"(each DIR holding terraform-provider-ngrok); -repeat is its number of rounds")
	flag.Parse()

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	err := run(ctx, o)
	stop()
	if err != nil {
		fmt.Fprintln(os.Stderr, "scalebench:", err)
		os.Exit(1)
	}
}

func run(ctx context.Context, o options) error {
	if o.n < 1 || o.planN < 1 || o.rulesN < 1 || o.peersN < 1 || o.repeat < 1 || o.rateLimit < 0 {
		return fmt.Errorf("-n, -plan-n, -rules-n, -peers-n and -repeat must be positive, -rate-limit not negative")
	}
	if o.rulesN > maxRules {
		return fmt.Errorf("-rules-n is at most %d (one /24 of 10.0.0.0/8 each)", maxRules)
	}
	sections := strings.Split(o.sections, ",")
	for _, s := range sections {
		if !slices.Contains([]string{"limited", "unlimited", "plan", "rules", "peers"}, s) {
			return fmt.Errorf("unknown section %q: use limited, unlimited, plan, rules, peers", s)
		}
	}
	tf, err := findTerraform(o.terraform)
	if err != nil {
		return err
	}
	binDir, err := filepath.Abs(o.binDir)
	if err != nil {
		return err
	}
	floorDir, err := filepath.Abs(o.floorDir)
	if err != nil {
		return err
	}
	for _, p := range []string{filepath.Join(binDir, "terraform-provider-ngrok"), filepath.Join(binDir, "ngrok-mock")} {
		if err := ensureExecutable(p, "run make build"); err != nil {
			return err
		}
	}
	if err := ensureExecutable(filepath.Join(floorDir, "terraform-provider-ngrok"), "build it with: go build -o "+o.floorDir+"/terraform-provider-ngrok ./internal/scalebench/floor"); err != nil {
		return err
	}
	work := o.workDir
	if work == "" {
		if work, err = os.MkdirTemp("", "scalebench-"); err != nil {
			return err
		}
	}
	if work, err = filepath.Abs(work); err != nil {
		return err
	}
	// NOTE: a -work directory is made if it does not exist yet.
	if err := os.MkdirAll(work, 0o755); err != nil {
		return err
	}
	if o.keep {
		fmt.Printf("working directory (kept): %s\n", work)
	} else {
		defer func() { _ = os.RemoveAll(work) }()
	}
	version, _ := exec.CommandContext(ctx, tf, "version").Output()
	fmt.Printf("scalebench: %s; load average at start %s\n",
		strings.SplitN(strings.TrimSpace(string(version)), "\n", 2)[0], loadAverage())

	b := &bench{o: o, tf: tf, bin: binDir, floor: floorDir, work: work}
	for _, s := range sections {
		var err error
		switch s {
		case "limited":
			err = b.limited(ctx)
		case "unlimited":
			err = b.unlimited(ctx)
		case "plan":
			err = b.plan(ctx)
		case "peers":
			err = b.peers(ctx)
		case "rules":
			err = b.rules(ctx)
		}
		if err != nil {
			return fmt.Errorf("section %s: %w", s, err)
		}
	}
	return nil
}

type bench struct {
	o                    options
	tf, bin, floor, work string
	apiKeySerial         int
	probing              bool // a failure is expected, and handled by the caller
}

// phase is one Terraform command measured.
type phase struct {
	name string
	tfRun
	mockCPU time.Duration // CPU time of ngrok-mock during the phase
	traffic traffic
}

func (p phase) result() string {
	switch {
	case p.exit == 0:
		return "ok"
	case p.exit == 2 && strings.HasPrefix(p.name, "plan"):
		return "changes"
	default:
		return fmt.Sprintf("FAILED (exit %d)", p.exit)
	}
}

func (b *bench) startMock(ctx context.Context, rateLimit int) (*mock, error) {
	b.apiKeySerial++
	key := fmt.Sprintf("scalebench-%d-%d", os.Getpid(), b.apiKeySerial)
	logPath := filepath.Join(b.work, fmt.Sprintf("ngrok-mock-%d.log", b.apiKeySerial))
	logFile, err := os.Create(logPath)
	if err != nil {
		return nil, err
	}
	return startMock(ctx, filepath.Join(b.bin, "ngrok-mock"), rateLimit, key, logFile)
}

// envFloorValues is the environment variable that gives the floor the
// values to write for what is unknown until applied, by attribute name (a
// JSON object of strings); internal/scalebench/floor reads it.
//
// NOTE: Terraform rewrites the whole state after every object it applies or
// destroys, so its CPU grows with the bytes of each object's state: a floor
// that wrote "floor" for an ID, a URI and a public key (539 bytes per
// authority against our 758) was measured on a smaller state, and Terraform's
// cost of the difference was counted as ours.
const envFloorValues = "SCALEBENCH_FLOOR_VALUES"

// floorEnv makes w's floor write the values mk answers for a new object.
func floorEnv(ctx context.Context, mk *mock, w *workspace) error {
	values, err := mk.floorValues(ctx)
	if err != nil {
		return fmt.Errorf("the floor's values: %w", err)
	}
	w.env = append(w.env, envFloorValues+"="+values)
	return nil
}

// measure runs one phase of w against m: the journal is cleared before and
// read after.
func (b *bench) measure(ctx context.Context, m *mock, w *workspace, name string, args []string) (phase, error) {
	if m != nil {
		if err := m.clearJournal(ctx); err != nil {
			return phase{}, err
		}
	}
	var mockCPU time.Duration
	if m != nil {
		mockCPU = m.cpu()
	}
	r, err := w.run(ctx, name, nil, args...)
	if err != nil {
		return phase{}, err
	}
	p := phase{name: name, tfRun: r}
	if m != nil {
		p.mockCPU = m.cpu() - mockCPU
	}
	if r.exit == 1 && !b.probing {
		w.printFailure(name)
	}
	if m != nil {
		if p.traffic, err = m.journal(ctx); err != nil {
			return phase{}, err
		}
		if b.o.verbose {
			fmt.Printf("    %s %s: %s; statuses %s\n", w.name, name, p.traffic.routes(), p.traffic.statuses())
		}
		if p.traffic.truncated {
			fmt.Printf("    %s %s: more requests than the journal keeps; 429s are counted from its last 10,000 entries\n", w.name, name)
		}
	}
	return p, nil
}

// limited applies, plans and destroys N mixed objects against the rate
// limit, and sets each phase against its ideal.
func (b *bench) limited(ctx context.Context) error {
	m := mixOf(b.o.n)
	fmt.Printf("\n== limited: %d mixed objects against ngrok-mock -rate-limit %d, default settings\n   %s\n",
		m.total(), b.o.rateLimit, m)
	_, err := b.underLimit(ctx, "limited", objectsConfig(m, "scalebench-a"))
	return err
}

// rules applies, plans and destroys one IP policy of N rules against the
// rate limit (ngrok/ngrok's issue 35: "deployment of many IP policy rules
// seems infeasible with Terraform"), sets each phase against its ideal,
// and shows what the plan's requests were.
func (b *bench) rules(ctx context.Context) error {
	n := b.o.rulesN
	fmt.Printf("\n== rules: 1 IP policy with %d rules against ngrok-mock -rate-limit %d, default settings\n", n, b.o.rateLimit)
	phases, err := b.underLimit(ctx, "rules", rulesConfig(n))
	if err != nil {
		return err
	}
	for _, p := range phases {
		if p.name == "plan" {
			fmt.Printf("   plan's requests: %s\n", p.traffic.routes())
		}
	}
	return nil
}

// underLimit applies, plans and destroys a configuration of objects against
// ngrok-mock at the rate limit, in a workspace of that name, and prints
// each phase against its ideal.
func (b *bench) underLimit(ctx context.Context, name, objects string) ([]phase, error) {
	mk, err := b.startMock(ctx, b.o.rateLimit)
	if err != nil {
		return nil, err
	}
	defer mk.stop()
	w, err := newWorkspace(b.work, name, b.tf, b.bin)
	if err != nil {
		return nil, err
	}
	if err := writeConfig(w.dir, providerBlock(mk.baseURL, mk.apiKey), objects); err != nil {
		return nil, err
	}
	var phases []phase
	for _, ph := range []struct {
		name string
		args []string
	}{{"apply", applyArgs}, {"plan", planArgs}, {"destroy", destroyArgs}} {
		p, err := b.measure(ctx, mk, w, ph.name, ph.args)
		if err != nil {
			return nil, err
		}
		phases = append(phases, p)
	}
	perSecond := float64(b.o.rateLimit) / 60
	fmt.Printf("   ideal = (requests - 429s) / %.0f per second, the limit's pace; the mock's rolling window carries over from one phase\n"+
		"   to the next, and a phase whose requests fit in the window's free slots can finish under its ideal\n", perSecond)
	fmt.Printf("   %-8s %-16s %9s %9s %6s %6s %9s %10s\n", "phase", "result", "wall", "requests", "429s", "429 %", "ideal", "wall/ideal")
	for _, p := range phases {
		good := p.traffic.requests - p.traffic.tooMany()
		ideal := time.Duration(float64(good) / perSecond * float64(time.Second))
		fmt.Printf("   %-8s %-16s %9s %9d %6d %6s %9s %10s\n", p.name, p.result(), seconds(p.wall), p.traffic.requests,
			p.traffic.tooMany(), percent(p.traffic.tooMany(), p.traffic.requests), seconds(ideal), ratio(p.wall, ideal))
	}
	return phases, nil
}

// unlimited applies, plans and destroys N mixed objects without a limit,
// each phase of the provider next to the same phase of the floor.
func (b *bench) unlimited(ctx context.Context) error {
	m := mixOf(b.o.n)
	fmt.Printf("\n== unlimited: %d mixed objects against ngrok-mock without a rate limit (NGROK_REQUESTS_PER_MINUTE=0), next to the floor provider\n   %s\n",
		m.total(), m)
	mk, err := b.startMock(ctx, 0)
	if err != nil {
		return err
	}
	defer mk.stop()
	ours, err := newWorkspace(b.work, "unlimited-ngrok", b.tf, b.bin)
	if err != nil {
		return err
	}
	floor, err := newWorkspace(b.work, "unlimited-floor", b.tf, b.floor)
	if err != nil {
		return err
	}
	if err := floorEnv(ctx, mk, floor); err != nil {
		return err
	}
	ours.unpaced()
	for _, w := range []*workspace{ours, floor} {
		if err := writeConfig(w.dir, providerBlock(mk.baseURL, mk.apiKey), objectsConfig(m, "scalebench-a")); err != nil {
			return err
		}
	}
	fmt.Printf("   CPU: of Terraform with its provider processes, and of ngrok-mock, in seconds\n")
	fmt.Printf("   %-8s %-16s %9s %9s %9s %12s %9s %9s %9s %10s\n", "phase", "result", "wall", "requests", "floor", "wall/floor",
		"cpu tf", "cpu mock", "floor cpu", "cpu/floor")
	for _, ph := range []struct {
		name   string
		args   []string
		repeat int
	}{{"apply", applyArgs, 1}, {"plan", planArgs, b.o.repeat}, {"destroy", destroyArgs, 1}} {
		// NOTE: ours and the floor alternate, phase by phase and run by
		// run, so that a change in the machine's load hits both alike.
		var ourRuns, floorRuns []phase
		for i := range ph.repeat {
			label := ph.name
			if ph.repeat > 1 {
				label = fmt.Sprintf("%s-%d", ph.name, i+1)
			}
			p, err := b.measure(ctx, mk, ours, label, ph.args)
			if err != nil {
				return err
			}
			f, err := b.measure(ctx, nil, floor, label, ph.args)
			if err != nil {
				return err
			}
			ourRuns, floorRuns = append(ourRuns, p), append(floorRuns, f)
		}
		p, f := median(ourRuns), median(floorRuns)
		result := p.result()
		if f.exit != 0 {
			result += ", floor " + f.result()
		}
		fmt.Printf("   %-8s %-16s %9s %9d %9s %12s %9s %9s %9s %10s\n", ph.name, result, seconds(p.wall), p.traffic.requests,
			seconds(f.wall), ratio(p.wall, f.wall), seconds(p.cpu), seconds(p.mockCPU), seconds(f.cpu), ratio(p.cpu, f.cpu))
	}
	if b.o.repeat > 1 {
		fmt.Printf("   plan: median of %d runs each\n", b.o.repeat)
	}
	return nil
}

// plan plans many SSH authorities (after an untimed apply): as the
// provider refreshes by default, by GET when refresh_from_lists = false is
// accepted, and with the floor.
func (b *bench) plan(ctx context.Context) error {
	n := b.o.planN
	m := mix{authorities: n}
	if b.o.planMixed {
		m = mixOf(n)
	}
	fmt.Printf("\n== plan: %s, ngrok-mock without a rate limit (NGROK_REQUESTS_PER_MINUTE=0), next to the floor provider\n", m)
	mk, err := b.startMock(ctx, 0)
	if err != nil {
		return err
	}
	defer mk.stop()
	ours, err := newWorkspace(b.work, "plan-ngrok", b.tf, b.bin)
	if err != nil {
		return err
	}
	floor, err := newWorkspace(b.work, "plan-floor", b.tf, b.floor)
	if err != nil {
		return err
	}
	if err := floorEnv(ctx, mk, floor); err != nil {
		return err
	}
	ours.unpaced()
	all := []*workspace{ours, floor}
	var base *workspace
	if b.o.baseline != "" {
		dir, err := filepath.Abs(b.o.baseline)
		if err != nil {
			return err
		}
		if err := ensureExecutable(filepath.Join(dir, "terraform-provider-ngrok"), "-baseline"); err != nil {
			return err
		}
		if base, err = newWorkspace(b.work, "plan-baseline", b.tf, dir); err != nil {
			return err
		}
		base.unpaced()
		all = append(all, base)
	}
	// NOTE: the workspaces share one mock: each names its domains and
	// endpoints with its own prefix, of the same length.
	for i, w := range all {
		if err := writeConfig(w.dir, providerBlock(mk.baseURL, mk.apiKey), objectsConfig(m, fmt.Sprintf("scalebench-%c", 'a'+i))); err != nil {
			return err
		}
	}
	for _, w := range all {
		p, err := b.measure(ctx, nil, w, "apply", applyArgs)
		if err != nil {
			return err
		}
		if p.exit != 0 {
			return fmt.Errorf("%s: the apply of %d objects failed (exit %d); see %s", w.name, m.total(), p.exit, w.logs)
		}
		fmt.Printf("   apply (untimed setup) %s: %s\n", w.name, seconds(p.wall))
	}

	byGet := providerBlock(mk.baseURL, mk.apiKey, "refresh_from_lists = false")
	byDefault := providerBlock(mk.baseURL, mk.apiKey)
	byGetSupported := true
	var defRuns, getRuns, floorRuns, baseRuns []phase
	for i := range b.o.repeat {
		label := fmt.Sprintf("plan-%d", i+1)
		p, err := b.measure(ctx, mk, ours, label+"-default", planArgs)
		if err != nil {
			return err
		}
		defRuns = append(defRuns, p)
		if base != nil {
			p, err := b.measure(ctx, mk, base, label, planArgs)
			if err != nil {
				return err
			}
			baseRuns = append(baseRuns, p)
		}
		if byGetSupported {
			if err := os.WriteFile(filepath.Join(ours.dir, "main.tf"), []byte(byGet), 0o644); err != nil {
				return err
			}
			b.probing = true
			g, err := b.measure(ctx, mk, ours, label+"-by-get", planArgs)
			b.probing = false
			if err != nil {
				return err
			}
			if err := os.WriteFile(filepath.Join(ours.dir, "main.tf"), []byte(byDefault), 0o644); err != nil {
				return err
			}
			if g.exit == 1 && strings.Contains(ours.output(label+"-by-get"), `"refresh_from_lists" is not expected here`) {
				byGetSupported = false
				fmt.Println("   (this provider build has no refresh_from_lists setting: the comparison with refresh by GET is skipped)")
			} else {
				if g.exit == 1 {
					ours.printFailure(label + "-by-get")
				}
				getRuns = append(getRuns, g)
			}
		}
		f, err := b.measure(ctx, nil, floor, label, planArgs)
		if err != nil {
			return err
		}
		floorRuns = append(floorRuns, f)
	}
	f := median(floorRuns)
	fmt.Printf("   %-32s %-10s %9s %9s %12s %9s %10s %9s\n", "plan", "result", "wall", "requests", "wall/floor", "cpu tf", "cpu/floor", "cpu mock")
	row := func(name string, p phase) {
		fmt.Printf("   %-32s %-10s %9s %9d %12s %9s %10s %9s\n", name, p.result(), seconds(p.wall), p.traffic.requests,
			ratio(p.wall, f.wall), seconds(p.cpu), ratio(p.cpu, f.cpu), seconds(p.mockCPU))
	}
	row("ngrok, default settings", median(defRuns))
	if len(getRuns) > 0 {
		row("ngrok, refresh_from_lists=false", median(getRuns))
	}
	if len(baseRuns) > 0 {
		row("baseline build, default settings", median(baseRuns))
	}
	fmt.Printf("   %-32s %-10s %9s %9s %12s %9s %10s %9s\n", "floor (do-nothing provider)", f.result(), seconds(f.wall), "-", "1.00",
		seconds(f.cpu), "1.00", "-")
	if b.o.repeat > 1 {
		fmt.Printf("   median of %d runs each, alternated\n", b.o.repeat)
	}
	if b.o.verbose {
		for _, r := range []struct {
			name string
			runs []phase
		}{{"ngrok", defRuns}, {"by GET", getRuns}, {"baseline", baseRuns}, {"floor", floorRuns}} {
			if len(r.runs) > 0 {
				fmt.Printf("   runs of %s: %s\n", r.name, runList(r.runs))
			}
		}
	}

	if b.o.profileDir != "" {
		dir, err := filepath.Abs(b.o.profileDir)
		if err != nil {
			return err
		}
		for _, w := range all {
			pd := filepath.Join(dir, strings.TrimPrefix(w.name, "plan-"))
			if _, err := w.run(ctx, "plan-profiled", []string{"TF_NGROK_PROFILE_DIR=" + pd}, planArgs...); err != nil {
				return err
			}
			fmt.Printf("   profiles of %s's plan: %s (go tool pprof -top %s/cpu-*.pprof)\n", w.name, pd, pd)
		}
	}
	return nil
}

// median is a run with the median wall time and, taken on its own, the
// median CPU time of the runs (the lower middle ones of an even number).
func median(runs []phase) phase {
	s := slices.Clone(runs)
	mid := (len(s) - 1) / 2
	slices.SortFunc(s, func(a, b phase) int { return int(a.cpu - b.cpu) })
	cpu := s[mid].cpu
	slices.SortFunc(s, func(a, b phase) int { return int(a.wall - b.wall) })
	m := s[mid]
	m.cpu = cpu
	return m
}

// runList is every run's wall and CPU time, in the order they ran.
func runList(runs []phase) string {
	parts := make([]string, len(runs))
	for i, r := range runs {
		parts[i] = fmt.Sprintf("%s (cpu %s)", seconds(r.wall), seconds(r.cpu))
	}
	return strings.Join(parts, ", ")
}

func findTerraform(flagValue string) (string, error) {
	for _, c := range []string{flagValue, os.Getenv("TERRAFORM"), "terraform", "tofu"} {
		if c == "" {
			continue
		}
		if p, err := exec.LookPath(c); err == nil {
			return p, nil
		}
		if c == flagValue || c == os.Getenv("TERRAFORM") {
			return "", fmt.Errorf("terraform CLI %q not found", c)
		}
	}
	return "", fmt.Errorf("no terraform (or tofu) on PATH; set TERRAFORM=/path/to/terraform")
}

func loadAverage() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "unknown"
	}
	f := strings.Fields(string(b))
	if len(f) < 3 {
		return "unknown"
	}
	return strings.Join(f[:3], " ")
}

func seconds(d time.Duration) string { return fmt.Sprintf("%.1fs", d.Seconds()) }

func ratio(a, b time.Duration) string {
	if b <= 0 {
		return "-"
	}
	return fmt.Sprintf("%.2f", float64(a)/float64(b))
}

func percent(part, whole int) string {
	if whole == 0 {
		return "-"
	}
	return fmt.Sprintf("%.1f", 100*float64(part)/float64(whole))
}
