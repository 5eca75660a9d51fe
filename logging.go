package main

import (
	"os"
	"strings"
)

// quietedLogVars are the logging levels of terraform-plugin-go's and
// terraform-plugin-framework's loggers (the SDK's root logger, its protocol
// and framework subsystems) and of the provider's own logger (tflog, named
// after the provider's type) that quietLogs sets to "off".
var quietedLogVars = []string{"TF_LOG_SDK", "TF_LOG_SDK_PROTO", "TF_LOG_SDK_FRAMEWORK", "TF_LOG_PROVIDER_NGROK"}

// logsCollected tells whether anyone may read the provider's log lines: in
// debug mode (-debug, or started by a Terraform that was given
// TF_REATTACH_PROVIDERS) they go to the developer's terminal, and when one of
// Terraform's or the SDKs' logging variables is set Terraform keeps the
// lines, writes them to TF_LOG_PATH or the SDKs write protocol data. A
// variable set to "" counts as unset, as it does for Terraform and the SDKs.
func logsCollected(debug bool, environ []string) bool {
	if debug {
		return true
	}
	for _, kv := range environ {
		k, v, _ := strings.Cut(kv, "=")
		if v == "" {
			continue
		}
		if k == "TF_LOG" || k == "TF_REATTACH_PROVIDERS" ||
			strings.HasPrefix(k, "TF_LOG_PATH") || strings.HasPrefix(k, "TF_LOG_PROVIDER") || strings.HasPrefix(k, "TF_LOG_SDK") {
			return true
		}
	}
	return false
}

// quietLogs turns the SDKs' logging off when nobody collects it, and
// returns the variables it set. Must run before providerserver.Serve.
//
// NOTE: without TF_LOG_SDK* the SDKs log at TRACE: a JSON line for every
// RPC, every framework step and every attribute a plan modifier or validator
// looks at, which Terraform reads from the provider's stderr and then drops
// when TF_LOG is unset. Issue 25 measured it at a third of the provider's CPU
// during a plan of 1,000 objects, and a part of Terraform's too. With a level
// of "off" terraform-plugin-log drops a subsystem's line before building it
// (the level is cached outside the context); it has no cheaper switch: its
// sink is only for tests, and the loggers read their levels from these
// variables.
func quietLogs(debug bool) []string {
	if logsCollected(debug, os.Environ()) {
		return nil
	}
	for _, k := range quietedLogVars {
		_ = os.Setenv(k, "off") // NOTE: fails only for a name with "=" or NUL.
	}
	return quietedLogVars
}
