package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"time"
)

// contender is one provider build of the peers section.
type contender struct {
	name   string // as printed: ours, floor, baseline, or a peer's tag
	source string // its provider source address
	dir    string // the directory of its terraform-provider-ngrok
	w      *workspace
}

// parsePeers reads -peers: comma-separated NAME=DIR pairs, the builds of
// ngrok's own provider (source ngrok/ngrok) to compare with.
func parsePeers(s string) ([]contender, error) {
	var out []contender
	for part := range strings.SplitSeq(s, ",") {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		name, dir, ok := strings.Cut(part, "=")
		if !ok || name == "" || dir == "" {
			return nil, fmt.Errorf("-peers: %q is not NAME=DIR", part)
		}
		if slices.ContainsFunc(out, func(c contender) bool { return c.name == name }) || name == "ours" || name == "floor" || name == "baseline" {
			return nil, fmt.Errorf("-peers: the name %q is taken", name)
		}
		out = append(out, contender{name: name, source: "ngrok/ngrok", dir: dir})
	}
	return out, nil
}

// peerPhases are the phases of a round, in order.
var peerPhases = []struct {
	name string
	args []string
}{{"apply", applyArgs}, {"plan", planArgs}, {"destroy", destroyArgs}}

// peers applies, plans and destroys N SSH authorities with our provider,
// the floor, the -baseline build if any and each of -peers, against one
// ngrok-mock without a rate limit, in rounds: each round runs every
// contender's apply, plan and destroy, one contender after the other, in an
// order that rotates from round to round, and sets ours against each of the
// others phase by phase within the round (a paired ratio), so that a change
// in the machine's load between rounds hits both sides of a ratio alike.
func (b *bench) peers(ctx context.Context) error {
	n := b.o.peersN
	fmt.Printf("\n== peers: %d SSH authorities, ngrok-mock without a rate limit, %d rounds\n", n, b.o.repeat)
	peers, err := parsePeers(b.o.peers)
	if err != nil {
		return err
	}
	all := []contender{{name: "ours", source: "tfedge/ngrok", dir: b.bin}, {name: "floor", source: "tfedge/ngrok", dir: b.floor}}
	if b.o.baseline != "" {
		all = append(all, contender{name: "baseline", source: "tfedge/ngrok", dir: b.o.baseline})
	}
	all = append(all, peers...)
	mk, err := b.startMock(ctx, 0)
	if err != nil {
		return err
	}
	defer mk.stop()
	for i := range all {
		c := &all[i]
		if c.dir, err = filepath.Abs(c.dir); err != nil {
			return err
		}
		if err := ensureExecutable(filepath.Join(c.dir, "terraform-provider-ngrok"), "the build of "+c.name); err != nil {
			return err
		}
		wrapped, err := wrapDir(b.work, c.name)
		if err != nil {
			return err
		}
		if c.w, err = newSourceWorkspace(b.work, "peers-"+c.name, b.tf, c.source, wrapped); err != nil {
			return err
		}
		c.w.usage = filepath.Join(b.work, "usage-"+c.name)
		c.w.env = append(c.w.env, envWrapProvider+"="+filepath.Join(c.dir, "terraform-provider-ngrok"), envWrapUsage+"="+c.w.usage)
		if c.source == "tfedge/ngrok" {
			c.w.unpaced()
		}
		if c.name == "floor" {
			if err := floorEnv(ctx, mk, c.w); err != nil {
				return err
			}
		}
		if err := writeConfig(c.w.dir, peerProviderBlock(c.source, mk.baseURL, mk.apiKey), objectsConfig(mix{authorities: n}, "unused")); err != nil {
			return err
		}
	}

	// runs[contender][phase] holds one run per round; stateBytes the size
	// of each contender's state file after its last apply.
	runs := make(map[string]map[string][]phase)
	stateBytes := make(map[string]int64)
	for _, c := range all {
		runs[c.name] = map[string][]phase{}
	}
	for round := range b.o.repeat {
		order := slices.Clone(all)
		rotate := round % len(order)
		order = append(order[rotate:], order[:rotate]...)
		fmt.Printf("   round %d (load average %s): order %s\n", round+1, loadAverage(), names(order))
		// NOTE: each contender applies, plans and destroys before the next
		// applies: the mock's account then holds only the objects of the
		// one measured, as a real account would, and no provider lists
		// (our refresh_from_lists does) through the others' objects.
		for _, c := range order {
			for _, ph := range peerPhases {
				p, err := b.measure(ctx, mk, c.w, fmt.Sprintf("%s-%d", ph.name, round+1), ph.args)
				if err != nil {
					return err
				}
				runs[c.name][ph.name] = append(runs[c.name][ph.name], p)
				if ph.name == "apply" {
					stateBytes[c.name] = fileSize(filepath.Join(c.w.dir, "terraform.tfstate"))
				}
			}
		}
		fmt.Printf("   %-10s %-8s %-10s %8s %9s %9s %9s %6s %8s\n", "", "phase", "result", "wall", "cpu prov", "cpu tf", "peak RSS", "procs", "requests")
		for _, c := range all {
			for _, ph := range peerPhases {
				p := runs[c.name][ph.name][round]
				fmt.Printf("   %-10s %-8s %-10s %8s %9s %9s %9s %6d %8d\n", c.name, ph.name, p.result(), seconds(p.wall),
					seconds(p.provider.cpu), seconds(p.cpu-p.provider.cpu), mib(p.provider.maxRSSKiB), p.processes, p.traffic.requests)
			}
		}
		for _, c := range all[1:] {
			var parts []string
			for _, ph := range peerPhases {
				parts = append(parts, fmt.Sprintf("%s %s", ph.name, ratio(runs["ours"][ph.name][round].wall, runs[c.name][ph.name][round].wall)))
			}
			fmt.Printf("   ours/%-9s wall: %s\n", c.name, strings.Join(parts, ", "))
		}
	}

	// NOTE: the baseline's ratios too, so that one run gives the figures
	// before a change and after it, under the same load.
	subjects := []string{"ours"}
	if b.o.baseline != "" {
		subjects = append(subjects, "baseline")
	}
	fmt.Printf("\n   paired medians over %d rounds of the per-round ratios of wall times\n", b.o.repeat)
	fmt.Printf("   %-20s", "")
	for _, ph := range peerPhases {
		fmt.Printf(" %8s", ph.name)
	}
	fmt.Println()
	for _, subject := range subjects {
		for _, c := range all {
			if c.name == subject || (subject == "baseline" && c.name == "ours") {
				continue
			}
			fmt.Printf("   %-20s", subject+"/"+c.name)
			for _, ph := range peerPhases {
				fmt.Printf(" %8s", pairedMedian(runs[subject][ph.name], runs[c.name][ph.name]))
			}
			fmt.Println()
		}
	}
	fmt.Printf("\n   medians over the rounds; CPU of the provider processes and of Terraform (the rest of its rusage), peak RSS the largest of any provider process in any round\n")
	fmt.Printf("   %-10s %-8s %8s %9s %9s %9s\n", "", "phase", "wall", "cpu prov", "cpu tf", "peak RSS")
	for _, c := range all {
		for _, ph := range peerPhases {
			rs := runs[c.name][ph.name]
			var walls, provCPU, tfCPU []time.Duration
			var rss int64
			for _, r := range rs {
				walls = append(walls, r.wall)
				provCPU = append(provCPU, r.provider.cpu)
				tfCPU = append(tfCPU, r.cpu-r.provider.cpu)
				rss = max(rss, r.provider.maxRSSKiB)
			}
			fmt.Printf("   %-10s %-8s %8s %9s %9s %9s\n", c.name, ph.name, seconds(medianDuration(walls)),
				seconds(medianDuration(provCPU)), seconds(medianDuration(tfCPU)), mib(rss))
		}
	}
	// NOTE: Terraform's local backend rewrites the whole state file after
	// every object it applies or destroys (marshalling the state three
	// times: to compare it with the one it read, for the serial, then
	// indented to write it): half of Terraform's CPU in an apply or a
	// destroy of 1,000 authorities, which grows as N times the bytes per
	// object, so the size of each object's state is a cost of its own.
	var parts []string
	for _, c := range all {
		parts = append(parts, fmt.Sprintf("%s %d", c.name, stateBytes[c.name]/int64(max(n, 1))))
	}
	fmt.Printf("   state file after apply, bytes per object: %s\n", strings.Join(parts, ", "))
	fmt.Printf("   load average at the end %s\n", loadAverage())
	return nil
}

// fileSize is the size of the file at path, 0 when it cannot be read.
func fileSize(path string) int64 {
	fi, err := os.Stat(path)
	if err != nil {
		return 0
	}
	return fi.Size()
}

// peerProviderBlock is the provider configuration of a contender: the same
// settings under either source address (both providers call them api_key
// and api_base_url).
func peerProviderBlock(source, baseURL, apiKey string) string {
	return strings.Replace(providerBlock(baseURL, apiKey), `source = "tfedge/ngrok"`, fmt.Sprintf("source = %q", source), 1)
}

// pairedMedian is the median of the per-round ratios a[i] / b[i] of wall
// times; "-" when a round of either failed.
func pairedMedian(a, b []phase) string {
	var rs []float64
	for i := range min(len(a), len(b)) {
		if a[i].exit == 1 || b[i].exit == 1 || b[i].wall <= 0 {
			return "-"
		}
		rs = append(rs, float64(a[i].wall)/float64(b[i].wall))
	}
	if len(rs) == 0 {
		return "-"
	}
	sort.Float64s(rs)
	return fmt.Sprintf("%.2f", rs[(len(rs)-1)/2])
}

func medianDuration(ds []time.Duration) time.Duration {
	if len(ds) == 0 {
		return 0
	}
	s := slices.Clone(ds)
	slices.Sort(s)
	return s[(len(s)-1)/2]
}

func names(cs []contender) string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = c.name
	}
	return strings.Join(out, ", ")
}

func mib(kib int64) string {
	if kib == 0 {
		return "-"
	}
	return fmt.Sprintf("%.0fMiB", float64(kib)/1024)
}
