package mockserver

import (
	"crypto/sha256"
	"encoding/hex"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"time"
)

// Event destinations (README.md, section Event destinations and
// subscriptions): /event_destinations, a declared collection
// (collection.go). A destination is one target (Kinesis, Firehose,
// CloudWatch Logs, Datadog or Azure Logs Ingestion) where event
// subscriptions (event_subscriptions.go) send events. Rules [real] from
// ngrok's error documentation: one target exactly (ERR_NGROK_5100, 5115),
// an AWS target has auth (5106) with a role or credentials, not both (5107,
// 5116), a role ARN is an IAM role's (5104), Datadog needs an API key (5133)
// and a known site (5134), format is json (235), a PATCH cannot change the
// kind of target (5108), and a destination that a subscription names cannot
// be deleted (5112). Credentials are never answered [real: ngrok's own
// provider, v0.8.0, keeps them from its state "since the API redacts
// sensitive fields (api_key, aws_secret_access_key, client_secret)"]; the
// shape of the redaction is ours: aws_secret_access_key and api_key are
// null (the spec makes them nullable), client_secret is "" (the spec makes
// it a required string). Choices of ours where the real API is silent:
//   - The mock keeps the SHA-256 of each credential, never the credential,
//     so that a test can see a new one arrive.
//   - A PATCH with a target of the same kind replaces the target; a
//     credential it leaves out (null or "") keeps the stored one.
//   - format is stored as sent ("json" in any case); empty means json.
//   - The Datadog sites are those of Datadog's site list (datadoghq.com,
//     us3/us5.datadoghq.com, datadoghq.eu, ap1/ap2.datadoghq.com,
//     ddog-gov.com); an empty ddsite is answered as sent.

type eventDestination struct {
	ID          string      `json:"id"`
	CreatedAt   time.Time   `json:"created_at"`
	Description string      `json:"description,omitempty"`
	Metadata    string      `json:"metadata,omitempty"`
	Format      string      `json:"format"`
	Target      eventTarget `json:"target"`
	// SecretSHA256 is the hex SHA-256 of the target's credential (AWS
	// secret access key, Datadog API key or Azure client secret); "" when
	// it has none (an AWS role).
	SecretSHA256 string `json:"secret_sha256,omitempty"`
}

func (d *eventDestination) fields() objectFields {
	return objectFields{&d.ID, &d.CreatedAt, &d.Description, &d.Metadata}
}

// eventTarget is the target as stored and answered, credentials emptied;
// exactly one field is set.
type eventTarget struct {
	Firehose           *eventTargetFirehose   `json:"firehose"`
	Kinesis            *eventTargetKinesis    `json:"kinesis"`
	CloudwatchLogs     *eventTargetCloudwatch `json:"cloudwatch_logs"`
	Datadog            *eventTargetDatadog    `json:"datadog"`
	AzureLogsIngestion *eventTargetAzure      `json:"azure_logs_ingestion"`
}

type eventTargetFirehose struct {
	Auth              *awsAuth `json:"auth"`
	DeliveryStreamARN string   `json:"delivery_stream_arn"`
}

type eventTargetKinesis struct {
	Auth      *awsAuth `json:"auth"`
	StreamARN string   `json:"stream_arn"`
}

type eventTargetCloudwatch struct {
	Auth        *awsAuth `json:"auth"`
	LogGroupARN string   `json:"log_group_arn"`
}

type eventTargetDatadog struct {
	APIKey  *string `json:"api_key"`
	DDTags  *string `json:"ddtags"`
	Service *string `json:"service"`
	DDSite  *string `json:"ddsite"`
}

type eventTargetAzure struct {
	TenantID                 string `json:"tenant_id"`
	ClientID                 string `json:"client_id"`
	ClientSecret             string `json:"client_secret"`
	LogsIngestionURI         string `json:"logs_ingestion_uri"`
	DataCollectionRuleID     string `json:"data_collection_rule_id"`
	DataCollectionStreamName string `json:"data_collection_stream_name"`
}

type awsAuth struct {
	Role  *awsRole  `json:"role"`
	Creds *awsCreds `json:"creds"`
}

type awsRole struct {
	RoleARN string `json:"role_arn"`
}

type awsCreds struct {
	AWSAccessKeyID     string  `json:"aws_access_key_id"`
	AWSSecretAccessKey *string `json:"aws_secret_access_key"`
}

type eventDestinationWire struct {
	WireHeader
	Format string      `json:"format"`
	Target eventTarget `json:"target"`
}

type eventDestinationCreate struct {
	Description string       `json:"description"`
	Metadata    string       `json:"metadata"`
	Format      string       `json:"format"`
	Target      *eventTarget `json:"target"`
}

type eventDestinationUpdate struct {
	Description *string      `json:"description"`
	Metadata    *string      `json:"metadata"`
	Format      *string      `json:"format"`
	Target      *eventTarget `json:"target"`
}

var eventDestinationCollection = declare(collectionDecl[eventDestination, eventDestinationWire, eventDestinationCreate, eventDestinationUpdate]{
	name: collEventDestinations, noun: "event destination", prefix: prefixEventDestination,
	filter: "ngrok.EventDestination",
	nested: map[reflect.Type]string{
		reflect.TypeFor[eventTarget]():           "ngrok.EventTarget",
		reflect.TypeFor[eventTargetFirehose]():   "ngrok.EventTargetFirehose",
		reflect.TypeFor[eventTargetKinesis]():    "ngrok.EventTargetKinesis",
		reflect.TypeFor[eventTargetCloudwatch](): "ngrok.EventTargetCloudwatchLogs",
		reflect.TypeFor[eventTargetDatadog]():    "ngrok.EventTargetDatadog",
		reflect.TypeFor[eventTargetAzure]():      "ngrok.EventTargetAzureLogsIngestion",
		reflect.TypeFor[awsAuth]():               "ngrok.AWSAuth",
		reflect.TypeFor[awsRole]():               "ngrok.AWSRole",
		reflect.TypeFor[awsCreds]():              "ngrok.AWSCredentials",
	},
	fields: (*eventDestination).fields,
	wire: func(d *eventDestination, origin string) eventDestinationWire {
		return eventDestinationWire{WireHeader: d.fields().header(origin, collEventDestinations), Format: d.Format, Target: d.Target}
	},
	create: func(_ *Server, in *eventDestinationCreate) (eventDestination, *apiError) {
		format, err := checkEventFormat(in.Format)
		if err != nil {
			return eventDestination{}, err
		}
		if in.Target == nil {
			return eventDestination{}, errEventNoTarget.with(eventTargetKinds)
		}
		target, sum, err := checkEventTarget(*in.Target, "")
		if err != nil {
			return eventDestination{}, err
		}
		return eventDestination{Description: in.Description, Metadata: in.Metadata, Format: format, Target: target, SecretSHA256: sum}, nil
	},
	update: func(_ *Server, in *eventDestinationUpdate, d *eventDestination) *apiError {
		if in.Format != nil {
			format, err := checkEventFormat(*in.Format)
			if err != nil {
				return err
			}
			d.Format = format
		}
		if in.Target != nil {
			if kind, stored := in.Target.kind(), d.Target.kind(); kind != "" && kind != stored {
				return errEventTargetTypeChange.with()
			}
			target, sum, err := checkEventTarget(*in.Target, d.SecretSHA256)
			if err != nil {
				return err
			}
			d.Target, d.SecretSHA256 = target, sum
		}
		assign(&d.Description, in.Description)
		assign(&d.Metadata, in.Metadata)
		return nil
	},
	removable: func(s *Server, d *eventDestination) *apiError {
		for _, r := range s.eventSubscriptions.rows {
			if slices.Contains(r.val.DestinationIDs, d.ID) {
				return errEventDestinationInUse.with(d.ID)
			}
		}
		return nil
	},
})

const eventTargetKinds = "firehose, kinesis, cloudwatch_logs, datadog, azure_logs_ingestion"

// kind names the target's one kind ("" for none, "several" for more).
func (t *eventTarget) kind() string {
	var kinds []string
	for name, set := range map[string]bool{
		"firehose": t.Firehose != nil, "kinesis": t.Kinesis != nil, "cloudwatch_logs": t.CloudwatchLogs != nil,
		"datadog": t.Datadog != nil, "azure_logs_ingestion": t.AzureLogsIngestion != nil,
	} {
		if set {
			kinds = append(kinds, name)
		}
	}
	switch len(kinds) {
	case 0:
		return ""
	case 1:
		return kinds[0]
	}
	return "several"
}

// awsAuth is the auth of an AWS target, nil for another target.
func (t *eventTarget) awsAuth() *awsAuth {
	switch {
	case t.Firehose != nil:
		return t.Firehose.Auth
	case t.Kinesis != nil:
		return t.Kinesis.Auth
	case t.CloudwatchLogs != nil:
		return t.CloudwatchLogs.Auth
	}
	return nil
}

func checkEventFormat(format string) (string, *apiError) {
	if format == "" {
		return "json", nil
	}
	if !strings.EqualFold(format, "json") {
		return "", errEventDestinationFormat.with(format, "json")
	}
	return format, nil
}

// iamRoleARN is an IAM role's ARN in any AWS partition.
var iamRoleARN = regexp.MustCompile(`^arn:aws(-[a-z]+)*:iam::[0-9]{12}:role/[\w+=,.@/-]{1,512}$`)

// datadogSites are Datadog's sites.
var datadogSites = []string{"datadoghq.com", "us3.datadoghq.com", "us5.datadoghq.com", "datadoghq.eu", "ap1.datadoghq.com", "ap2.datadoghq.com", "ddog-gov.com"}

// checkEventTarget checks a target as the real API does and returns it
// with its credential emptied, and the credential's hash (stored, when the
// target leaves it out).
func checkEventTarget(t eventTarget, stored string) (eventTarget, string, *apiError) {
	switch t.kind() {
	case "":
		return t, "", errEventNoTarget.with(eventTargetKinds)
	case "several":
		return t, "", errEventTwoTargets.with()
	}
	var secret *string
	var err *apiError
	switch {
	case t.Firehose != nil:
		c := *t.Firehose
		c.Auth, secret, err = checkAWSAuth(c.Auth, c.DeliveryStreamARN, "delivery_stream_arn", stored)
		t.Firehose = &c
	case t.Kinesis != nil:
		c := *t.Kinesis
		c.Auth, secret, err = checkAWSAuth(c.Auth, c.StreamARN, "stream_arn", stored)
		t.Kinesis = &c
	case t.CloudwatchLogs != nil:
		c := *t.CloudwatchLogs
		c.Auth, secret, err = checkAWSAuth(c.Auth, c.LogGroupARN, "log_group_arn", stored)
		t.CloudwatchLogs = &c
	case t.Datadog != nil:
		c := *t.Datadog
		secret, c.APIKey = c.APIKey, nil
		if deref(secret) == "" && stored == "" {
			err = errEventDatadogAPIKey.with()
		} else if c.DDSite != nil && *c.DDSite != "" && !slices.Contains(datadogSites, *c.DDSite) {
			err = errEventDatadogSite.with(*c.DDSite)
		}
		t.Datadog = &c
	case t.AzureLogsIngestion != nil:
		c := *t.AzureLogsIngestion
		s := c.ClientSecret
		secret, c.ClientSecret = &s, ""
		for name, v := range map[string]string{"tenant_id": c.TenantID, "client_id": c.ClientID, "logs_ingestion_uri": c.LogsIngestionURI,
			"data_collection_rule_id": c.DataCollectionRuleID, "data_collection_stream_name": c.DataCollectionStreamName} {
			if v == "" {
				err = errEventDestinationTarget.with("azure_logs_ingestion." + name)
			}
		}
		if s == "" && stored == "" {
			err = errEventDestinationTarget.with("azure_logs_ingestion.client_secret")
		}
		t.AzureLogsIngestion = &c
	}
	if err != nil {
		return t, "", err
	}
	if a := t.awsAuth(); a != nil && a.Role != nil {
		return t, "", nil // a role holds no secret
	}
	if deref(secret) == "" {
		return t, stored, nil
	}
	sum := sha256.Sum256([]byte(*secret))
	return t, hex.EncodeToString(sum[:]), nil
}

// checkAWSAuth checks an AWS target's auth and ARN; it returns a copy of
// auth without the secret access key, and the key.
func checkAWSAuth(in *awsAuth, arn, arnField, stored string) (*awsAuth, *string, *apiError) {
	if arn == "" {
		return in, nil, errEventDestinationTarget.with(arnField)
	}
	if in == nil {
		return in, nil, errEventNoAuth.with()
	}
	a := *in
	auth := &a
	switch {
	case auth.Role == nil && auth.Creds == nil:
		return auth, nil, errEventAuthEmpty.with()
	case auth.Role != nil && auth.Creds != nil:
		return auth, nil, errEventTwoAuths.with()
	case auth.Role != nil:
		if !iamRoleARN.MatchString(auth.Role.RoleARN) {
			return auth, nil, errEventRoleARN.with(auth.Role.RoleARN, "not arn:aws:iam::<account>:role/<name>")
		}
		return auth, nil, nil
	}
	c := *auth.Creds
	secret := c.AWSSecretAccessKey
	c.AWSSecretAccessKey = nil
	auth.Creds = &c
	if c.AWSAccessKeyID == "" || (deref(secret) == "" && stored == "") {
		return auth, nil, errEventAuthEmpty.with()
	}
	return auth, secret, nil
}
