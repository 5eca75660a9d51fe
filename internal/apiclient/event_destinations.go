package apiclient

// EventDestination is where event subscriptions send events: one target.
// The API never returns a target's credential (AWS secret access key,
// Datadog API key, Azure client secret).
type EventDestination struct {
	ID          string      `json:"id"`
	URI         string      `json:"uri"`
	CreatedAt   string      `json:"created_at"`
	Description string      `json:"description"`
	Metadata    string      `json:"metadata"`
	Format      string      `json:"format"`
	Target      EventTarget `json:"target"`
}

// EventTarget holds exactly one target.
type EventTarget struct {
	Firehose           *EventTargetFirehose           `json:"firehose,omitempty"`
	Kinesis            *EventTargetKinesis            `json:"kinesis,omitempty"`
	CloudwatchLogs     *EventTargetCloudwatchLogs     `json:"cloudwatch_logs,omitempty"`
	Datadog            *EventTargetDatadog            `json:"datadog,omitempty"`
	AzureLogsIngestion *EventTargetAzureLogsIngestion `json:"azure_logs_ingestion,omitempty"`
}

// EventTargetFirehose is an Amazon Data Firehose delivery stream.
type EventTargetFirehose struct {
	Auth              AWSAuth `json:"auth"`
	DeliveryStreamARN string  `json:"delivery_stream_arn"`
}

// EventTargetKinesis is an Amazon Kinesis data stream.
type EventTargetKinesis struct {
	Auth      AWSAuth `json:"auth"`
	StreamARN string  `json:"stream_arn"`
}

// EventTargetCloudwatchLogs is an Amazon CloudWatch Logs log group.
type EventTargetCloudwatchLogs struct {
	Auth        AWSAuth `json:"auth"`
	LogGroupARN string  `json:"log_group_arn"`
}

// EventTargetDatadog is Datadog's logs intake. APIKey is a secret.
type EventTargetDatadog struct {
	APIKey  *string `json:"api_key,omitempty"`
	DDTags  *string `json:"ddtags,omitempty"`
	Service *string `json:"service,omitempty"`
	DDSite  *string `json:"ddsite,omitempty"`
}

// EventTargetAzureLogsIngestion is Azure Monitor's Logs Ingestion API.
// ClientSecret is a secret.
type EventTargetAzureLogsIngestion struct {
	TenantID                 string `json:"tenant_id"`
	ClientID                 string `json:"client_id"`
	ClientSecret             string `json:"client_secret"`
	LogsIngestionURI         string `json:"logs_ingestion_uri"`
	DataCollectionRuleID     string `json:"data_collection_rule_id"`
	DataCollectionStreamName string `json:"data_collection_stream_name"`
}

// AWSAuth is one of a role to assume and an access key.
type AWSAuth struct {
	Role  *AWSRole        `json:"role,omitempty"`
	Creds *AWSCredentials `json:"creds,omitempty"`
}

// AWSRole is an IAM role that ngrok assumes.
type AWSRole struct {
	RoleARN string `json:"role_arn"`
}

// AWSCredentials is an access key; AWSSecretAccessKey is a secret.
type AWSCredentials struct {
	AWSAccessKeyID     string  `json:"aws_access_key_id"`
	AWSSecretAccessKey *string `json:"aws_secret_access_key,omitempty"`
}

// EventDestinationCreate is the body of a create.
type EventDestinationCreate struct {
	Description string      `json:"description,omitempty"`
	Metadata    string      `json:"metadata,omitempty"`
	Format      string      `json:"format,omitempty"`
	Target      EventTarget `json:"target"`
}

// EventDestinationUpdate is the body of an update: nil leaves a field
// unchanged. A Target replaces the target, of the same kind.
type EventDestinationUpdate struct {
	Description *string      `json:"description,omitempty"`
	Metadata    *string      `json:"metadata,omitempty"`
	Format      *string      `json:"format,omitempty"`
	Target      *EventTarget `json:"target,omitempty"`
}

// EventDestinations is the collection of event destinations.
var EventDestinations = newCollection[EventDestination, EventDestinationCreate, EventDestinationUpdate]("event_destinations",
	"event destination", func(o *EventDestination) string { return o.ID })
