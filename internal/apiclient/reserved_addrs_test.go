package apiclient

import (
	"context"
	"strings"
	"testing"
)

func TestMockReservedAddrCRUD(t *testing.T) {
	t.Parallel()
	c, _ := newMockClient(t, 0)
	ctx := context.Background()
	a, err := ReservedAddrs.Create(ctx, c, &ReservedAddrCreate{Description: "ssh", Region: "eu"})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(a.ID, "ra_") || !strings.HasPrefix(a.Addr, "1.tcp.eu.ngrok.io:") || a.Region != "eu" {
		t.Errorf("created %+v", a)
	}
	if _, err := c.CreateEndpoint(ctx, &EndpointCreate{URL: "tcp://" + a.Addr, TrafficPolicy: "{}"}); err != nil {
		t.Errorf("an endpoint on the reserved address: %v", err)
	}
	if _, err := c.CreateEndpoint(ctx, &EndpointCreate{URL: "tcp://1.tcp.ngrok.io:1", TrafficPolicy: "{}"}); errorCode(err) != "ERR_NGROK_18006" {
		t.Errorf("an endpoint on an address not reserved: %v", err)
	}
	m := "m"
	if got, err := ReservedAddrs.Update(ctx, c, a.ID, &ReservedAddrUpdate{Metadata: &m}); err != nil || got.Metadata != m || got.Addr != a.Addr {
		t.Errorf("update = %+v, %v", got, err)
	}
}
