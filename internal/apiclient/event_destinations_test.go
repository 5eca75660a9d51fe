package apiclient

import (
	"context"
	"testing"
)

// Against the spec-validated mock: each kind of target is created, its
// credential never returned, and updated in place.
func TestMockEventDestinationCRUD(t *testing.T) {
	t.Parallel()
	c, _ := newMockClient(t, 0)
	ctx := context.Background()
	key, secret := "dd-key", "aws-secret"
	site := "datadoghq.eu"
	for _, target := range []EventTarget{
		{Datadog: &EventTargetDatadog{APIKey: &key, DDSite: &site}},
		{Firehose: &EventTargetFirehose{Auth: AWSAuth{Creds: &AWSCredentials{AWSAccessKeyID: "AKIA", AWSSecretAccessKey: &secret}},
			DeliveryStreamARN: "arn:aws:firehose:us-east-1:123456789012:deliverystream/d"}},
		{Kinesis: &EventTargetKinesis{Auth: AWSAuth{Role: &AWSRole{RoleARN: "arn:aws:iam::123456789012:role/r"}},
			StreamARN: "arn:aws:kinesis:us-east-1:123456789012:stream/s"}},
		{CloudwatchLogs: &EventTargetCloudwatchLogs{Auth: AWSAuth{Role: &AWSRole{RoleARN: "arn:aws:iam::123456789012:role/r"}},
			LogGroupARN: "arn:aws:logs:us-east-1:123456789012:log-group:g"}},
		{AzureLogsIngestion: &EventTargetAzureLogsIngestion{TenantID: "t", ClientID: "c", ClientSecret: "az", LogsIngestionURI: "https://x",
			DataCollectionRuleID: "dcr", DataCollectionStreamName: "Custom-s"}},
	} {
		d, err := EventDestinations.Create(ctx, c, &EventDestinationCreate{Format: "json", Target: target})
		if err != nil {
			t.Fatal(err)
		}
		switch tg := d.Target; {
		case tg.Datadog != nil && tg.Datadog.APIKey != nil,
			tg.Firehose != nil && tg.Firehose.Auth.Creds.AWSSecretAccessKey != nil,
			tg.AzureLogsIngestion != nil && tg.AzureLogsIngestion.ClientSecret != "":
			t.Errorf("a credential is returned: %+v", tg)
		}
		desc := "updated"
		u, err := EventDestinations.Update(ctx, c, d.ID, &EventDestinationUpdate{Description: &desc, Target: &target})
		if err != nil || u.Description != desc {
			t.Errorf("update = %+v, %v", u, err)
		}
		if err := EventDestinations.Delete(ctx, c, d.ID); err != nil {
			t.Fatal(err)
		}
	}
}
