package main

import (
	"os"
	"slices"
	"testing"
)

func TestLogsCollected(t *testing.T) {
	for _, tc := range []struct {
		name    string
		debug   bool
		environ []string
		want    bool
	}{
		{"nothing set", false, []string{"HOME=/root", "TF_IN_AUTOMATION=1", "TF_CLI_CONFIG_FILE=/x"}, false},
		{"TF_LOG_CORE only: Terraform drops the provider's lines", false, []string{"TF_LOG_CORE=trace"}, false},
		{"empty values count as unset", false, []string{"TF_LOG=", "TF_LOG_PATH=", "TF_LOG_SDK="}, false},
		{"a name that only starts like one", false, []string{"TF_LOGGING=1", "XTF_LOG=trace"}, false},
		{"-debug", true, nil, true},
		{"TF_REATTACH_PROVIDERS", false, []string{`TF_REATTACH_PROVIDERS={"x":{}}`}, true},
		{"TF_LOG", false, []string{"TF_LOG=trace"}, true},
		{"TF_LOG=off still leaves it to the SDKs, as today", false, []string{"TF_LOG=off"}, true},
		{"TF_LOG_PATH", false, []string{"TF_LOG_PATH=/tmp/tf.log"}, true},
		{"TF_LOG_PROVIDER", false, []string{"TF_LOG_PROVIDER=debug"}, true},
		{"TF_LOG_PROVIDER_NGROK", false, []string{"TF_LOG_PROVIDER_NGROK=debug"}, true},
		{"TF_LOG_SDK", false, []string{"TF_LOG_SDK=trace"}, true},
		{"TF_LOG_SDK_PROTO", false, []string{"TF_LOG_SDK_PROTO=trace"}, true},
		{"TF_LOG_SDK_FRAMEWORK", false, []string{"TF_LOG_SDK_FRAMEWORK=trace"}, true},
		{"TF_LOG_SDK_PROTO_DATA_DIR", false, []string{"TF_LOG_SDK_PROTO_DATA_DIR=/tmp/proto"}, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := logsCollected(tc.debug, tc.environ); got != tc.want {
				t.Errorf("logsCollected(%v, %q) = %v, want %v", tc.debug, tc.environ, got, tc.want)
			}
		})
	}
}

// NOTE: not parallel: quietLogs changes the process's environment, which
// t.Setenv restores.
func TestQuietLogsSetsTheSDKLevelsOffOnlyWhenNobodyReads(t *testing.T) {
	for _, k := range append([]string{"TF_LOG", "TF_LOG_PATH", "TF_LOG_PROVIDER", "TF_REATTACH_PROVIDERS", "TF_LOG_SDK_PROTO_DATA_DIR"}, quietedLogVars...) {
		t.Setenv(k, "")
	}
	if got := quietLogs(true); got != nil {
		t.Errorf("quietLogs(debug) set %q", got)
	}
	if got := quietLogs(false); !slices.Equal(got, quietedLogVars) {
		t.Errorf("quietLogs set %q, want %q", got, quietedLogVars)
	}
	for _, k := range quietedLogVars {
		if v := os.Getenv(k); v != "off" {
			t.Errorf("%s = %q, want off", k, v)
		}
	}

	t.Setenv("TF_LOG", "trace")
	for _, k := range quietedLogVars {
		t.Setenv(k, "")
	}
	if got := quietLogs(false); got != nil {
		t.Errorf("quietLogs with TF_LOG=trace set %q", got)
	}
	for _, k := range quietedLogVars {
		if v := os.Getenv(k); v != "" {
			t.Errorf("with TF_LOG=trace, %s = %q, want it untouched", k, v)
		}
	}
}
