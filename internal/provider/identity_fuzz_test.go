package provider

import (
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/tfedge/terraform-provider-ngrok/internal/apiclient"
)

// FuzzImportID checks the one import-ID parser (importSpec.parseImportID)
// with the spec of every resource: what it accepts is one ID per key, with
// the key's prefix, that writes back as exactly the text given and reads
// back; a refusal returns no IDs and quotes the ID given. Seeds: the
// examples' import IDs.
func FuzzImportID(f *testing.F) {
	specs := map[string]importSpec{
		"route module":     edgeRouteModuleImport,
		"cloud endpoint":   cloudEndpointImport,
		"reserved domain":  reservedDomainImport,
		"SSH authority":    sshCertificateAuthorityType.importSpec(),
		"host certificate": {keys: []importKey{{attr: "id", prefix: sshHostCertificateIDPrefix, noun: "an SSH host certificate"}}},
		"user certificate": {keys: []importKey{{attr: "id", prefix: sshUserCertificateIDPrefix, noun: "an SSH user certificate"}}},
	}
	for _, id := range exampleImportIDs(f) {
		f.Add(id)
	}
	f.Add("edghts_/edghtsrt_x")
	f.Add("edghts_a/edghtsrt_b/c")
	f.Add("edghtsrt_b/edghts_a")
	f.Add("rd_")
	f.Fuzz(func(t *testing.T, id string) {
		for name, spec := range specs {
			ids, err := spec.parseImportID(id)
			if err != nil {
				if ids != nil {
					t.Fatalf("%s: %q refused (%v) with IDs %q", name, id, err, ids)
				}
				// NOTE: an ID is quoted as apiclient.RedactURL gives it: an
				// import ID may be a URL with a password or a token, and the
				// redaction errs on the side of hiding ("#00" is a fragment).
				if quoted := fmt.Sprintf("%q", apiclient.RedactURL(id)); utf8.ValidString(id) &&
					(!utf8.ValidString(err.Error()) || !strings.Contains(err.Error(), quoted)) {
					t.Fatalf("%s: %q: the error %q does not quote the ID as %s", name, id, err, quoted)
				}
				continue
			}
			if len(ids) != len(spec.keys) || strings.Join(ids, "/") != id {
				t.Fatalf("%s: %q reads as %q", name, id, ids)
			}
			for i, k := range spec.keys {
				if !strings.HasPrefix(ids[i], k.prefix) || strings.Contains(ids[i], "/") {
					t.Fatalf("%s: %q reads as %q, whose %s is not the ID of %s", name, id, ids, k.attr, k.noun)
				}
			}
			again, err := spec.parseImportID(strings.Join(ids, "/"))
			if err != nil || strings.Join(again, "/") != id {
				t.Fatalf("%s: %q: the written ID does not read back (%q, %v)", name, id, again, err)
			}
		}
	})
}
