package apiclient

import (
	"context"
	"net/url"
)

// EventSubscription sends the events of its sources (event types) to its
// destinations.
type EventSubscription struct {
	ID           string        `json:"id"`
	URI          string        `json:"uri"`
	CreatedAt    string        `json:"created_at"`
	Description  string        `json:"description"`
	Metadata     string        `json:"metadata"`
	Sources      []EventSource `json:"sources"`
	Destinations []Ref         `json:"destinations"`
}

// EventSource is one event type of a subscription, addressed by its type.
type EventSource struct {
	Type string `json:"type"`
	URI  string `json:"uri"`
}

// EventSourceReplace is a source in a subscription's create or update.
type EventSourceReplace struct {
	Type string `json:"type"`
}

// EventSubscriptionCreate is the body of a create.
type EventSubscriptionCreate struct {
	Description    string               `json:"description,omitempty"`
	Metadata       string               `json:"metadata,omitempty"`
	Sources        []EventSourceReplace `json:"sources,omitempty"`
	DestinationIDs []string             `json:"destination_ids,omitempty"`
}

// EventSubscriptionUpdate is the body of an update: nil leaves a field
// unchanged; Sources, when not nil, replace the subscription's, and
// DestinationIDs its destinations (a pointer, so that an empty list is
// sent as one).
type EventSubscriptionUpdate struct {
	Description    *string               `json:"description,omitempty"`
	Metadata       *string               `json:"metadata,omitempty"`
	Sources        *[]EventSourceReplace `json:"sources,omitempty"`
	DestinationIDs *[]string             `json:"destination_ids,omitempty"`
}

// EventSubscriptions is the collection of event subscriptions.
var EventSubscriptions = newCollection[EventSubscription, EventSubscriptionCreate, EventSubscriptionUpdate]("event_subscriptions",
	"event subscription", func(o *EventSubscription) string { return o.ID })

// eventSourcesPath is the path of a subscription's sources, or of one.
func eventSourcesPath(subscriptionID, eventType string) (string, error) {
	p, err := objectPath(EventSubscriptions.name, EventSubscriptions.noun, subscriptionID)
	if err != nil {
		return "", err
	}
	p += "/sources"
	if eventType != "" {
		p += "/" + url.PathEscape(eventType)
	}
	return p, nil
}

// AddEventSource adds one event type to a subscription.
func AddEventSource(ctx context.Context, c *Client, subscriptionID, eventType string) (*EventSource, error) {
	p, err := eventSourcesPath(subscriptionID, "")
	if err != nil {
		return nil, err
	}
	return create[EventSource](ctx, c, p, &struct {
		Type string `json:"type"`
	}{eventType})
}

// GetEventSource reads one source of a subscription.
func GetEventSource(ctx context.Context, c *Client, subscriptionID, eventType string) (*EventSource, error) {
	p, err := eventSourcesPath(subscriptionID, eventType)
	if err != nil {
		return nil, err
	}
	return get[EventSource](ctx, c, p)
}

// UpdateEventSource sends a source's PATCH, whose body names the source
// and changes nothing else (the spec's EventSourceUpdate).
func UpdateEventSource(ctx context.Context, c *Client, subscriptionID, eventType string) (*EventSource, error) {
	p, err := eventSourcesPath(subscriptionID, eventType)
	if err != nil {
		return nil, err
	}
	return update[EventSource](ctx, c, p, &struct {
		Type string `json:"type"`
	}{eventType})
}

// ListEventSources reads a subscription's sources (one answer, no pages).
func ListEventSources(ctx context.Context, c *Client, subscriptionID string) ([]EventSource, error) {
	p, err := eventSourcesPath(subscriptionID, "")
	if err != nil {
		return nil, err
	}
	out, err := get[struct {
		Sources []EventSource `json:"sources"`
	}](ctx, c, p)
	if err != nil {
		return nil, err
	}
	return out.Sources, nil
}

// RemoveEventSource removes one event type from a subscription.
func RemoveEventSource(ctx context.Context, c *Client, subscriptionID, eventType string) error {
	p, err := eventSourcesPath(subscriptionID, eventType)
	if err != nil {
		return err
	}
	return remove(ctx, c, p)
}
