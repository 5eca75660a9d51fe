package mockserver

import (
	"net/http"
	"net/url"
	"slices"
	"strings"
	"time"
)

// Abuse reports (README.md, section Abuse reports): POST /abuse_reports
// reports URLs of suspected abuse, GET /abuse_reports/{id} reads a report;
// the API has no list, update or delete of them [real: the spec;
// ngrok-api-go abuse_reports/client.go].
//
//   - urls is required [real: the spec's AbuseReportCreate]; each an
//     absolute URL with a host [ours]; metadata at most 4096 bytes [real:
//     the spec], as every object's.
//   - The answer carries status and, per hostname of the reported URLs, a
//     hostname status, both PENDING [real: exchange
//     _abuse_reports_create_response.md@3196b15]: the mock reviews nothing,
//     so they stay so [ours]. Hostnames are lower-cased, each once, in the
//     order of the URLs [ours].
//   - Every account may report [ours]: the real API answers ERR_NGROK_221 to
//     accounts not authorized to [real: errors/err_ngrok_221.mdx].

// abuseReportPending is the status of a report, and of each of its
// hostnames, that ngrok has not acted on [real].
const abuseReportPending = "PENDING"

type abuseReport struct {
	ID        string    `json:"id"`
	CreatedAt time.Time `json:"created_at"`
	URLs      []string  `json:"urls"`
	Metadata  string    `json:"metadata,omitempty"`
	Hostnames []string  `json:"hostnames"`
}

type abuseReportCreate struct {
	URLs     []string `json:"urls"`
	Metadata string   `json:"metadata"`
}

type abuseReportHostnameWire struct {
	Hostname string `json:"hostname"`
	Status   string `json:"status"`
}

type abuseReportWire struct {
	ID        string                    `json:"id"`
	URI       string                    `json:"uri"`
	CreatedAt apiTime                   `json:"created_at"`
	URLs      []string                  `json:"urls"`
	Metadata  string                    `json:"metadata"`
	Status    string                    `json:"status"`
	Hostnames []abuseReportHostnameWire `json:"hostnames"`
}

func (r *abuseReport) wire(origin string) abuseReportWire {
	hosts := make([]abuseReportHostnameWire, len(r.Hostnames))
	for i, h := range r.Hostnames {
		hosts[i] = abuseReportHostnameWire{Hostname: h, Status: abuseReportPending}
	}
	return abuseReportWire{
		ID: r.ID, URI: objectURI(origin, collAbuseReports, r.ID), CreatedAt: wireTime(r.CreatedAt),
		URLs: slices.Clone(r.URLs), Metadata: r.Metadata, Status: abuseReportPending, Hostnames: hosts,
	}
}

func (s *Server) abuseReportRoutes() []route {
	const list, one = "/" + collAbuseReports, "/" + collAbuseReports + "/{id}"
	return []route{
		{method: http.MethodPost, path: list, body: bodyOf[abuseReportCreate], handle: s.createAbuseReport},
		{method: http.MethodGet, path: one, ids: map[string]idKind{"id": s.abuseReports.kind()}, handle: s.getAbuseReport},
	}
}

func (s *Server) createAbuseReport(rq *request) (any, int, *apiError) {
	in, err := bodyAs[abuseReportCreate](rq)
	if err != nil {
		return nil, 0, err
	}
	if len(in.URLs) == 0 {
		return nil, 0, errInvalidValue.with("urls")
	}
	if err := checkFreeText("", in.Metadata, textCodes{}); err != nil {
		return nil, 0, err
	}
	var hosts []string
	for _, raw := range in.URLs {
		u, perr := url.Parse(raw)
		if perr != nil || !u.IsAbs() || u.Hostname() == "" {
			return nil, 0, errInvalidValue.with("urls")
		}
		if h := strings.ToLower(u.Hostname()); !slices.Contains(hosts, h) {
			hosts = append(hosts, h)
		}
	}
	created := s.timestamp()
	r, err := s.abuseReports.insert(func(id string) abuseReport {
		return abuseReport{ID: id, CreatedAt: created, URLs: slices.Clone(in.URLs), Metadata: in.Metadata, Hostnames: hosts}
	})
	if err != nil {
		return nil, 0, err
	}
	return r.wire(rq.origin()), http.StatusCreated, nil
}

func (s *Server) getAbuseReport(rq *request) (any, int, *apiError) {
	r, err := s.abuseReports.get(rq.r.PathValue("id"))
	if err != nil {
		return nil, 0, err
	}
	return r.wire(rq.origin()), http.StatusOK, nil
}
