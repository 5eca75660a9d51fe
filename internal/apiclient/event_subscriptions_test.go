package apiclient

import (
	"context"
	"testing"
)

// Against the spec-validated mock: a subscription with sources and
// destinations, its sources sub-resource path by path, and an update that
// replaces its sources and clears its destinations.
func TestMockEventSubscriptionCRUDAndSources(t *testing.T) {
	t.Parallel()
	c, _ := newMockClient(t, 0)
	ctx := context.Background()
	d, err := EventDestinations.Create(ctx, c, &EventDestinationCreate{Target: EventTarget{Kinesis: &EventTargetKinesis{
		Auth: AWSAuth{Role: &AWSRole{RoleARN: "arn:aws:iam::123456789012:role/r"}}, StreamARN: "arn:aws:kinesis:us-east-1:123456789012:stream/s"}}})
	if err != nil {
		t.Fatal(err)
	}
	s, err := EventSubscriptions.Create(ctx, c, &EventSubscriptionCreate{
		Sources: []EventSourceReplace{{Type: "vault_created.v0"}}, DestinationIDs: []string{d.ID}})
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Sources) != 1 || len(s.Destinations) != 1 || s.Destinations[0].ID != d.ID {
		t.Errorf("created %+v", s)
	}
	if _, err := AddEventSource(ctx, c, s.ID, "secret_created.v0"); err != nil {
		t.Fatal(err)
	}
	if src, err := GetEventSource(ctx, c, s.ID, "secret_created.v0"); err != nil || src.Type != "secret_created.v0" {
		t.Errorf("get source = %+v, %v", src, err)
	}
	if src, err := UpdateEventSource(ctx, c, s.ID, "secret_created.v0"); err != nil || src.Type != "secret_created.v0" {
		t.Errorf("update source = %+v, %v", src, err)
	}
	if srcs, err := ListEventSources(ctx, c, s.ID); err != nil || len(srcs) != 2 {
		t.Errorf("sources = %+v, %v", srcs, err)
	}
	if err := RemoveEventSource(ctx, c, s.ID, "vault_created.v0"); err != nil {
		t.Fatal(err)
	}
	if _, err := GetEventSource(ctx, c, s.ID, "vault_created.v0"); !IsNotFound(err) {
		t.Errorf("get of a removed source: %v", err)
	}
	sources, none := []EventSourceReplace{{Type: "vault_deleted.v0"}}, []string{}
	u, err := EventSubscriptions.Update(ctx, c, s.ID, &EventSubscriptionUpdate{Sources: &sources, DestinationIDs: &none})
	if err != nil || len(u.Sources) != 1 || u.Sources[0].Type != "vault_deleted.v0" || len(u.Destinations) != 0 {
		t.Errorf("update = %+v, %v", u, err)
	}
	if err := EventSubscriptions.Delete(ctx, c, s.ID); err != nil {
		t.Fatal(err)
	}
}
