// Command terraform-provider-ngrok serves the ngrok provider to Terraform.
package main

import (
	"context"
	"flag"
	"log"
	"os"

	"github.com/hashicorp/terraform-plugin-framework/providerserver"

	"github.com/tfedge/terraform-provider-ngrok/internal/profiling"
	"github.com/tfedge/terraform-provider-ngrok/internal/provider"
)

// version is set at build time: go build -ldflags "-X main.version=1.2.3".
var version = "dev"

//go:generate go tool tfplugindocs generate --provider-name ngrok

func main() {
	var debug bool
	flag.BoolVar(&debug, "debug", false, "run the provider with support for debuggers like delve")
	flag.Parse()

	// NOTE: before anything logs; see quietLogs.
	quietLogs(debug)
	tuneGC(os.Getenv)
	// NOTE: off unless TF_NGROK_PROFILE_DIR is set; only for performance work.
	stopProfiling, err := profiling.Start()
	if err != nil {
		log.Fatal(err)
	}
	opts := providerserver.ServeOpts{
		Address: "registry.terraform.io/tfedge/ngrok",
		Debug:   debug,
	}
	err = providerserver.Serve(context.Background(), provider.New(version), opts)
	stopProfiling()
	if err != nil {
		log.Fatal(err)
	}
}
