package main

import (
	"testing"
	"time"
)

func TestMedianTakesWallAndCPUApart(t *testing.T) {
	runs := []phase{
		{name: "a", tfRun: tfRun{wall: 3 * time.Second, cpu: 1 * time.Second}},
		{name: "b", tfRun: tfRun{wall: 1 * time.Second, cpu: 3 * time.Second}},
		{name: "c", tfRun: tfRun{wall: 2 * time.Second, cpu: 2 * time.Second}},
		{name: "d", tfRun: tfRun{wall: 9 * time.Second, cpu: 9 * time.Second}},
	}
	m := median(runs)
	if m.name != "c" || m.wall != 2*time.Second || m.cpu != 2*time.Second {
		t.Errorf("median = %s, wall %v, cpu %v; want c, 2s, 2s", m.name, m.wall, m.cpu)
	}
	if runs[0].name != "a" {
		t.Error("median reordered its argument")
	}
}
