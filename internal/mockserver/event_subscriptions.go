package mockserver

import (
	"net/http"
	"reflect"
	"slices"
	"strings"
	"time"
)

// Event subscriptions (README.md, section Event destinations and
// subscriptions): /event_subscriptions, a declared collection
// (collection.go), and its sources sub-resource,
// /event_subscriptions/{subscription_id}/sources[/{type}]. A subscription
// sends the events of its sources (event types) to its destinations
// (event_destinations.go). Rules [real] from ngrok's error documentation
// and API reference: an event type is one of the documented ones (238), a
// subscription has each type once (5127), its destination_ids name
// destinations of the account (5103), a source is addressed by its type
// (5125 when the subscription has none of it), and a PATCH's sources
// replace the subscription's (its items are "EventSourceReplace"). Choices
// of ours where the real API is silent:
//   - Sources are answered in the order they were added; destinations in
//     the order of destination_ids, duplicates dropped.
//   - A PATCH of a source (whose body holds nothing to change) answers the
//     source as it is.
//   - A subscription without sources or destinations is accepted.

type eventSubscription struct {
	ID             string    `json:"id"`
	CreatedAt      time.Time `json:"created_at"`
	Description    string    `json:"description,omitempty"`
	Metadata       string    `json:"metadata,omitempty"`
	Sources        []string  `json:"sources"` // event types, in the order added
	DestinationIDs []string  `json:"destination_ids"`
}

func (e *eventSubscription) fields() objectFields {
	return objectFields{&e.ID, &e.CreatedAt, &e.Description, &e.Metadata}
}

type eventSourceWire struct {
	Type string `json:"type"`
	URI  string `json:"uri"`
}

type eventSubscriptionWire struct {
	WireHeader
	Sources      []eventSourceWire `json:"sources"`
	Destinations []refWire         `json:"destinations"`
}

type eventSourceReplace struct {
	Type string `json:"type"`
}

type eventSubscriptionCreate struct {
	Description    string               `json:"description"`
	Metadata       string               `json:"metadata"`
	Sources        []eventSourceReplace `json:"sources"`
	DestinationIDs []string             `json:"destination_ids"`
}

type eventSubscriptionUpdate struct {
	Description    *string              `json:"description"`
	Metadata       *string              `json:"metadata"`
	Sources        []eventSourceReplace `json:"sources"`
	DestinationIDs []string             `json:"destination_ids"`
}

// eventSourceBody is the body of a source's create and PATCH [real: the
// spec's EventSourceCreate and EventSourceUpdate].
type eventSourceBody struct {
	SubscriptionID string `json:"subscription_id"`
	Type           string `json:"type"`
}

// eventTypes are the event types of ngrok's event source reference
// (obs/events/reference), in its order.
var eventTypes = []string{
	"api_key_created.v0", "api_key_deleted.v0", "api_key_updated.v0",
	"agent_session_start.v0", "agent_session_stop.v0",
	"certificate_authority_created.v0", "certificate_authority_deleted.v0", "certificate_authority_updated.v0",
	"tunnel_credential_created.v0", "tunnel_credential_deleted.v0", "tunnel_credential_updated.v0",
	"event_destination_created.v0", "event_destination_deleted.v0", "event_destination_updated.v0",
	"event_subscription_created.v0", "event_subscription_deleted.v0", "event_subscription_updated.v0",
	"http_request_complete.v0",
	"ip_policy_created.v0", "ip_policy_deleted.v0", "ip_policy_updated.v0",
	"ip_policy_rule_created.v0", "ip_policy_rule_deleted.v0", "ip_policy_rule_updated.v0",
	"ip_restriction_created.v0", "ip_restriction_deleted.v0", "ip_restriction_updated.v0",
	"tcp_address_created.v0", "tcp_address_deleted.v0", "tcp_address_updated.v0",
	"domain_created.v0", "domain_deleted.v0", "domain_updated.v0",
	"ssh_certificate_authority_created.v0", "ssh_certificate_authority_deleted.v0", "ssh_certificate_authority_updated.v0",
	"ssh_public_key_created.v0", "ssh_public_key_deleted.v0", "ssh_public_key_updated.v0",
	"ssh_host_certificate_created.v0", "ssh_host_certificate_deleted.v0", "ssh_host_certificate_updated.v0",
	"ssh_user_certificate_created.v0", "ssh_user_certificate_deleted.v0", "ssh_user_certificate_updated.v0",
	"secret_created.v0", "secret_deleted.v0", "secret_updated.v0",
	"tcp_connection_closed.v0",
	"tls_certificate_created.v0", "tls_certificate_deleted.v0", "tls_certificate_updated.v0",
	"vault_created.v0", "vault_deleted.v0", "vault_updated.v0",
}

var eventSubscriptionCollection = declare(collectionDecl[eventSubscription, eventSubscriptionWire, eventSubscriptionCreate, eventSubscriptionUpdate]{
	name: collEventSubscriptions, noun: "event subscription", prefix: prefixEventSubscription,
	filter: "ngrok.EventSubscription",
	nested: map[reflect.Type]string{reflect.TypeFor[eventSourceWire](): "ngrok.EventSource"},
	fields: (*eventSubscription).fields,
	wire:   (*eventSubscription).wire,
	create: func(s *Server, in *eventSubscriptionCreate) (eventSubscription, *apiError) {
		sources, err := checkEventSources(in.Sources)
		if err != nil {
			return eventSubscription{}, err
		}
		dests, err := checkDestinationIDs(s, in.DestinationIDs)
		if err != nil {
			return eventSubscription{}, err
		}
		return eventSubscription{Description: in.Description, Metadata: in.Metadata, Sources: sources, DestinationIDs: dests}, nil
	},
	update: func(s *Server, in *eventSubscriptionUpdate, e *eventSubscription) *apiError {
		if in.Sources != nil {
			sources, err := checkEventSources(in.Sources)
			if err != nil {
				return err
			}
			e.Sources = sources
		}
		if in.DestinationIDs != nil {
			dests, err := checkDestinationIDs(s, in.DestinationIDs)
			if err != nil {
				return err
			}
			e.DestinationIDs = dests
		}
		assign(&e.Description, in.Description)
		assign(&e.Metadata, in.Metadata)
		return nil
	},
	check: func(s *Server, e *eventSubscription) *apiError {
		for _, id := range e.DestinationIDs {
			if _, ok := s.eventDestinations.rows[id]; !ok {
				return errEventDestinationUnknown.with(id)
			}
		}
		return nil
	},
})

func (e *eventSubscription) wire(origin string) eventSubscriptionWire {
	uri := objectURI(origin, collEventSubscriptions, e.ID)
	w := eventSubscriptionWire{
		WireHeader:   e.fields().header(origin, collEventSubscriptions),
		Sources:      make([]eventSourceWire, 0, len(e.Sources)),
		Destinations: make([]refWire, 0, len(e.DestinationIDs)),
	}
	for _, t := range e.Sources {
		w.Sources = append(w.Sources, eventSourceWire{Type: t, URI: uri + "/sources/" + t})
	}
	for _, id := range e.DestinationIDs {
		w.Destinations = append(w.Destinations, refWire{ID: id, URI: objectURI(origin, collEventDestinations, id)})
	}
	return w
}

func checkEventType(t string) *apiError {
	if !slices.Contains(eventTypes, t) {
		return errEventType.with(t, strings.Join(eventTypes, ", "))
	}
	return nil
}

func checkEventSources(in []eventSourceReplace) ([]string, *apiError) {
	out := make([]string, 0, len(in))
	for _, src := range in {
		if err := checkEventType(src.Type); err != nil {
			return nil, err
		}
		if slices.Contains(out, src.Type) {
			return nil, errEventSourceDuplicate.with()
		}
		out = append(out, src.Type)
	}
	return out, nil
}

// checkDestinationIDs checks the IDs' prefixes (their existence is checked
// under the store lock) and drops duplicates.
func checkDestinationIDs(s *Server, ids []string) ([]string, *apiError) {
	out := make([]string, 0, len(ids))
	for _, id := range ids {
		if err := checkIDPrefix(id, s.eventDestinations.kind()); err != nil {
			return nil, err
		}
		if !slices.Contains(out, id) {
			out = append(out, id)
		}
	}
	return out, nil
}

// eventSourceRoutes serve a subscription's sources one by one.
func (s *Server) eventSourceRoutes() []route {
	list := "/event_subscriptions/{subscription_id}/sources"
	one := list + "/{type}"
	ids := map[string]idKind{"subscription_id": s.eventSubscriptions.kind()}
	return []route{
		{method: http.MethodPost, path: list, ids: ids, body: bodyOf[eventSourceBody], handle: s.createEventSource},
		{method: http.MethodGet, path: list, ids: ids, handle: s.listEventSources},
		{method: http.MethodGet, path: one, ids: ids, handle: s.getEventSource},
		{method: http.MethodPatch, path: one, ids: ids, body: bodyOf[eventSourceBody], handle: s.getEventSource},
		{method: http.MethodDelete, path: one, ids: ids, handle: s.deleteEventSource},
	}
}

func sourceWire(origin, subscriptionID, t string) eventSourceWire {
	return eventSourceWire{Type: t, URI: objectURI(origin, collEventSubscriptions, subscriptionID) + "/sources/" + t}
}

func (s *Server) createEventSource(rq *request) (any, int, *apiError) {
	in, err := bodyAs[eventSourceBody](rq)
	if err != nil {
		return nil, 0, err
	}
	id := rq.r.PathValue("subscription_id")
	if err := checkEventType(in.Type); err != nil {
		return nil, 0, err
	}
	if _, err := s.eventSubscriptions.update(id, func(e *eventSubscription) *apiError {
		if slices.Contains(e.Sources, in.Type) {
			return errEventSourceDuplicate.with()
		}
		e.Sources = append(slices.Clip(e.Sources), in.Type)
		return nil
	}); err != nil {
		return nil, 0, err
	}
	return sourceWire(rq.origin(), id, in.Type), http.StatusCreated, nil
}

// eventSourceList is the answer of a subscription's sources [real: the
// spec's EventSourceList, without paging].
type eventSourceList struct {
	Sources []eventSourceWire `json:"sources"`
	URI     string            `json:"uri"`
}

func (s *Server) listEventSources(rq *request) (any, int, *apiError) {
	e, err := s.eventSubscriptions.get(rq.r.PathValue("subscription_id"))
	if err != nil {
		return nil, 0, err
	}
	w := e.wire(rq.origin())
	return eventSourceList{Sources: w.Sources, URI: w.URI + "/sources"}, http.StatusOK, nil
}

func (s *Server) getEventSource(rq *request) (any, int, *apiError) {
	id, t := rq.r.PathValue("subscription_id"), rq.r.PathValue("type")
	e, err := s.eventSubscriptions.get(id)
	if err != nil {
		return nil, 0, err
	}
	if !slices.Contains(e.Sources, t) {
		return nil, 0, errEventSourceNotFound.with(t, id)
	}
	return sourceWire(rq.origin(), id, t), http.StatusOK, nil
}

func (s *Server) deleteEventSource(rq *request) (any, int, *apiError) {
	id, t := rq.r.PathValue("subscription_id"), rq.r.PathValue("type")
	if _, err := s.eventSubscriptions.update(id, func(e *eventSubscription) *apiError {
		i := slices.Index(e.Sources, t)
		if i < 0 {
			return errEventSourceNotFound.with(t, id)
		}
		e.Sources = slices.Delete(slices.Clone(e.Sources), i, i+1)
		return nil
	}); err != nil {
		return nil, 0, err
	}
	return nil, http.StatusNoContent, nil
}
