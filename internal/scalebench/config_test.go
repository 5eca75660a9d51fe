package main

import (
	"strings"
	"testing"
)

func TestMixOfSharesOutEveryObject(t *testing.T) {
	for _, n := range []int{1, 4, 5, 9, 60, 299, 300, 1000} {
		m := mixOf(n)
		if m.total() != n {
			t.Errorf("mixOf(%d) makes %d objects: %+v", n, m.total(), m)
		}
		if m.authorities == 0 {
			t.Errorf("mixOf(%d) has no authority to sign its certificates", n)
		}
	}
}

func TestObjectsConfigNamesByPrefix(t *testing.T) {
	a, b := objectsConfig(mixOf(10), "scalebench-a"), objectsConfig(mixOf(10), "scalebench-b")
	for _, want := range []string{`"scalebench-a-${count.index}.ngrok.app"`, `"https://scalebench-a-${count.index}.internal"`} {
		if !strings.Contains(a, want) {
			t.Errorf("configuration lacks %s:\n%s", want, a)
		}
	}
	if strings.Contains(b, "scalebench-a-") {
		t.Errorf("prefix b's configuration uses prefix a's names:\n%s", b)
	}
	if only := objectsConfig(mix{authorities: 3}, "x"); strings.Contains(only, "ngrok_reserved_domain") || strings.Contains(only, "locals") {
		t.Errorf("a configuration of authorities only has other objects:\n%s", only)
	}
}

func TestRulesConfigOnePolicyCountedRules(t *testing.T) {
	c := rulesConfig(1000)
	for _, want := range []string{`count        = 1000`, `"10.${floor(count.index / 256)}.${count.index % 256}.0/24"`,
		`ip_policy_id = ngrok_ip_policy.policy.id`, `count.index % 10 == 9 ? "deny" : "allow"`} {
		if !strings.Contains(c, want) {
			t.Errorf("configuration lacks %s:\n%s", want, c)
		}
	}
	if strings.Contains(c, "%!") {
		t.Errorf("configuration has a formatting error:\n%s", c)
	}
}
