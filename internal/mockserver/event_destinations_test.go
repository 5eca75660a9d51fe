package mockserver

import (
	"net/http"
	"strings"
	"testing"
)

func createEventDestination(t *testing.T, s http.Handler, body string) eventDestinationWire {
	t.Helper()
	w := do(t, s, http.MethodPost, "/event_destinations", body)
	wantStatus(t, w, http.StatusCreated)
	return decodeBody[eventDestinationWire](t, w)
}

const kinesisRoleTarget = `{"kinesis":{"auth":{"role":{"role_arn":"arn:aws:iam::123456789012:role/example"}},"stream_arn":"arn:aws:kinesis:us-east-2:123456789012:stream/s"}}`

func TestEventDestinationCredentialsAreNeverAnswered(t *testing.T) {
	t.Parallel()
	s := New()
	for _, c := range []struct{ target, secret string }{
		{`{"datadog":{"api_key":"dd-SECRET-1","ddsite":"datadoghq.eu"}}`, "dd-SECRET-1"},
		{`{"firehose":{"auth":{"creds":{"aws_access_key_id":"AKIA","aws_secret_access_key":"aws-SECRET-2"}},"delivery_stream_arn":"arn:aws:firehose:us-east-1:123456789012:deliverystream/d"}}`, "aws-SECRET-2"},
		{`{"azure_logs_ingestion":{"tenant_id":"t","client_id":"c","client_secret":"az-SECRET-3","logs_ingestion_uri":"https://x.ingest.monitor.azure.com","data_collection_rule_id":"dcr-1","data_collection_stream_name":"Custom-ngrok"}}`, "az-SECRET-3"},
	} {
		w := do(t, s, http.MethodPost, "/event_destinations", `{"format":"json","target":`+c.target+`}`)
		wantStatus(t, w, http.StatusCreated)
		d := decodeBody[eventDestinationWire](t, w)
		stored, err := s.eventDestinations.get(d.ID)
		if err != nil || stored.SecretSHA256 == "" {
			t.Errorf("stored %+v, %v: want the credential's hash", stored, err)
		}
		got := do(t, s, http.MethodGet, "/event_destinations/"+d.ID, "")
		state, _ := s.MarshalState()
		for _, b := range []string{w.Body.String(), got.Body.String(), string(state)} {
			if strings.Contains(b, c.secret) {
				t.Errorf("the credential %s is answered or stored: %s", c.secret, b)
			}
		}
		// A PATCH of the same kind without the credential keeps it.
		target := strings.Replace(c.target, c.secret, "", 1)
		wantStatus(t, do(t, s, http.MethodPatch, "/event_destinations/"+d.ID, `{"target":`+target+`}`), http.StatusOK)
		if after, _ := s.eventDestinations.get(d.ID); after.SecretSHA256 != stored.SecretSHA256 {
			t.Errorf("a PATCH without the credential changed its hash")
		}
	}
	w := do(t, s, http.MethodGet, "/event_destinations", "")
	if !strings.Contains(w.Body.String(), `"api_key":null`) || !strings.Contains(w.Body.String(), `"aws_secret_access_key":null`) ||
		!strings.Contains(w.Body.String(), `"client_secret":""`) {
		t.Errorf("list = %s, want the credentials redacted", w.Body)
	}
}

func TestEventDestinationRules(t *testing.T) {
	t.Parallel()
	s := New()
	for target, code := range map[string]string{
		`null`: "ERR_NGROK_5100",
		`{}`:   "ERR_NGROK_5100",
		`{"datadog":{"api_key":"k"},"kinesis":{"stream_arn":"arn:x"}}`:                                                                                                                                               "ERR_NGROK_5115",
		`{"kinesis":{"stream_arn":"arn:aws:kinesis:us-east-2:123456789012:stream/s"}}`:                                                                                                                               "ERR_NGROK_5106",
		`{"kinesis":{"auth":{},"stream_arn":"arn:aws:kinesis:us-east-2:123456789012:stream/s"}}`:                                                                                                                     "ERR_NGROK_5107",
		`{"kinesis":{"auth":{"role":{"role_arn":"nope"}},"stream_arn":"arn:aws:kinesis:us-east-2:123456789012:stream/s"}}`:                                                                                           "ERR_NGROK_5104",
		`{"kinesis":{"auth":{"role":{"role_arn":"arn:aws:iam::123456789012:role/r"},"creds":{"aws_access_key_id":"a","aws_secret_access_key":"b"}},"stream_arn":"arn:aws:kinesis:us-east-2:123456789012:stream/s"}}`: "ERR_NGROK_5116",
		`{"kinesis":{"auth":{"role":{"role_arn":"arn:aws:iam::123456789012:role/r"}}}}`:                                                                                                                              "ERR_NGROK_236",
		`{"datadog":{}}`: "ERR_NGROK_5133",
		`{"datadog":{"api_key":"k","ddsite":"example.com"}}`: "ERR_NGROK_5134",
	} {
		wantError(t, do(t, s, http.MethodPost, "/event_destinations", `{"target":`+target+`}`), http.StatusBadRequest, code)
	}
	wantError(t, do(t, s, http.MethodPost, "/event_destinations", `{"format":"xml","target":`+kinesisRoleTarget+`}`), http.StatusBadRequest, "ERR_NGROK_235")

	d := createEventDestination(t, s, `{"target":`+kinesisRoleTarget+`}`)
	if d.Format != "json" {
		t.Errorf("format = %q, want json by default", d.Format)
	}
	wantError(t, do(t, s, http.MethodPatch, "/event_destinations/"+d.ID, `{"target":{"datadog":{"api_key":"k"}}}`), http.StatusBadRequest, "ERR_NGROK_5108")
	w := do(t, s, http.MethodPatch, "/event_destinations/"+d.ID,
		`{"description":"moved","target":{"kinesis":{"auth":{"role":{"role_arn":"arn:aws:iam::123456789012:role/other"}},"stream_arn":"arn:aws:kinesis:us-east-2:123456789012:stream/s"}}}`)
	wantStatus(t, w, http.StatusOK)
	if got := decodeBody[eventDestinationWire](t, w); got.Description != "moved" || got.Target.Kinesis.Auth.Role.RoleARN != "arn:aws:iam::123456789012:role/other" {
		t.Errorf("patched = %+v", got)
	}

	// A destination that a subscription names cannot go [real: ERR_NGROK_5112].
	sub := createEventSubscription(t, s, `{"destination_ids":["`+d.ID+`"]}`)
	wantError(t, do(t, s, http.MethodDelete, "/event_destinations/"+d.ID, ""), http.StatusBadRequest, "ERR_NGROK_5112")
	wantStatus(t, do(t, s, http.MethodPatch, "/event_subscriptions/"+sub.ID, `{"destination_ids":[]}`), http.StatusOK)
	wantStatus(t, do(t, s, http.MethodDelete, "/event_destinations/"+d.ID, ""), http.StatusNoContent)
}
