package provider

import (
	"context"
	"fmt"
	"regexp"

	"github.com/hashicorp/terraform-plugin-framework-validators/objectvalidator"
	"github.com/hashicorp/terraform-plugin-framework-validators/resourcevalidator"
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/objectplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringdefault"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/tfedge/terraform-provider-ngrok/internal/apiclient"
)

// eventDestinationType is ngrok_event_destination: where event
// subscriptions send events, one target of five kinds. The API never
// returns a target's credential (the AWS secret access key, the Datadog API
// key, the Azure client secret); each is given write-only with a version
// (api_key_wo and api_key_wo_version, ...), beside the target, or, for
// configurations moved from ngrok/ngrok, as a sensitive attribute stored in
// the state. A target of another kind replaces the destination: the API
// refuses to change the kind (ERR_NGROK_5108).
var eventDestinationType = &objectType[apiclient.EventDestination, apiclient.EventDestinationCreate, apiclient.EventDestinationUpdate, eventDestinationModel]{
	name: "event_destination", plural: "event_destinations", noun: "event destination", nouns: "event destinations", article: "an",
	idPrefix: eventDestinationIDPrefix, api: apiclient.EventDestinations,
	description: "An event destination: where event subscriptions (`ngrok_event_subscription`) send events. `target` holds " +
		"exactly one of `firehose`, `kinesis`, `cloudwatch_logs`, `datadog` and `azure_logs_ingestion`; another kind of " +
		"target replaces the destination. The API never returns a target's credential: give it write-only " +
		"(`aws_secret_access_key_wo`, `api_key_wo`, `client_secret_wo`, Terraform 1.11 and later) with its version, " +
		"which you change to send a new credential in place; the attributes without `_wo` store it in the state " +
		"(marked sensitive), for configurations moved from ngrok/ngrok.",
	attributes: eventDestinationAttributes,
	resourceOnly: []string{
		"api_key", "api_key_wo_version", "aws_secret_access_key", "aws_secret_access_key_wo_version",
		"client_secret", "client_secret_wo_version",
	},
	fromAPI:  eventDestinationModelFromAPI,
	toCreate: eventDestinationModel.toCreate,
	toUpdate: eventDestinationModel.toUpdate,
	displayName: func(d *apiclient.EventDestination, _ eventDestinationModel) string {
		return describedAs(d.Description, eventTargetKind(&d.Target))
	},
	filterExample: "`obj.description.startsWith(\"audit\")`",
	configValidators: append([]resource.ConfigValidator{
		resourcevalidator.ExactlyOneOf(eventTargetPaths()...),
	}, eventCredentialValidators()...),
	validateConfig: validateEventCredentials,
	fromConfig: func(plan *eventDestinationModel, config eventDestinationModel) {
		plan.APIKeyWO, plan.AWSSecretAccessKeyWO, plan.ClientSecretWO = config.APIKeyWO, config.AWSSecretAccessKeyWO, config.ClientSecretWO
	},
	keep: func(prior eventDestinationModel, m *eventDestinationModel) {
		m.APIKey, m.APIKeyWOVersion = prior.APIKey, prior.APIKeyWOVersion
		m.AWSSecretAccessKey, m.AWSSecretAccessKeyWOVersion = prior.AWSSecretAccessKey, prior.AWSSecretAccessKeyWOVersion
		m.ClientSecret, m.ClientSecretWOVersion = prior.ClientSecret, prior.ClientSecretWOVersion
	},
	movesFrom:      []string{"ngrok_event_destination"},
	normalizeState: normalizeEventDestinationState,
}

// eventTargetKinds are the kinds of target, as the API names them.
var eventTargetKinds = []string{"firehose", "kinesis", "cloudwatch_logs", "datadog", "azure_logs_ingestion"}

// datadogSites are Datadog's sites (docs.datadoghq.com/getting_started/site).
var datadogSites = []string{"datadoghq.com", "us3.datadoghq.com", "us5.datadoghq.com", "datadoghq.eu", "ap1.datadoghq.com", "ap2.datadoghq.com", "ddog-gov.com"}

// iamRoleARNPattern is an IAM role's ARN in any AWS partition.
var iamRoleARNPattern = regexp.MustCompile(`^arn:aws(-[a-z]+)*:iam::[0-9]{12}:role/[\w+=,.@/-]{1,512}$`)

func eventTargetPaths() []path.Expression {
	out := make([]path.Expression, len(eventTargetKinds))
	for i, k := range eventTargetKinds {
		out[i] = path.MatchRoot("target").AtName(k)
	}
	return out
}

// eventCredentials are the credential attributes: each write-only value
// with its version, and the attribute stored in the state.
var eventCredentials = []struct{ name, holder string }{
	{"aws_secret_access_key", "an AWS target's `auth.creds`"},
	{"api_key", "`target.datadog`"},
	{"client_secret", "`target.azure_logs_ingestion`"},
}

func eventCredentialValidators() []resource.ConfigValidator {
	var out []resource.ConfigValidator
	for _, c := range eventCredentials {
		out = append(out,
			resourcevalidator.RequiredTogether(path.MatchRoot(c.name+"_wo"), path.MatchRoot(c.name+"_wo_version")),
			resourcevalidator.Conflicting(path.MatchRoot(c.name), path.MatchRoot(c.name+"_wo")),
			resourcevalidator.Conflicting(path.MatchRoot(c.name), path.MatchRoot(c.name+"_wo_version")),
			writeOnlyAlternative{c.name})
	}
	return out
}

func eventDestinationAttributes() map[string]schema.Attribute {
	replacedByAnotherKind := []planmodifier.Object{objectplanmodifier.RequiresReplaceIf(targetKindChanged,
		"another kind of target replaces the destination", "another kind of target replaces the destination")}
	awsAuth := schema.SingleNestedAttribute{
		Description: "How ngrok signs in to AWS: exactly one of `role` and `creds`.",
		Required:    true,
		Attributes: map[string]schema.Attribute{
			"role": schema.SingleNestedAttribute{
				Description: "An IAM role that ngrok assumes.",
				Optional:    true,
				Attributes: map[string]schema.Attribute{
					"role_arn": schema.StringAttribute{
						Description: "ARN of the role (`arn:aws:iam::123456789012:role/name`).",
						Required:    true,
						Validators:  []validator.String{stringvalidator.RegexMatches(iamRoleARNPattern, "must be the ARN of an IAM role")},
					},
				},
				Validators: []validator.Object{objectvalidator.ExactlyOneOf(path.MatchRelative().AtParent().AtName("creds"))},
			},
			"creds": schema.SingleNestedAttribute{
				Description: "An access key. Its secret is `aws_secret_access_key_wo` (or `aws_secret_access_key`), beside `target`.",
				Optional:    true,
				Attributes: map[string]schema.Attribute{
					"aws_access_key_id": schema.StringAttribute{Description: "ID of the access key.", Required: true,
						Validators: []validator.String{stringvalidator.LengthAtLeast(1)}},
				},
			},
		},
	}
	arn := func(description string) schema.StringAttribute {
		return schema.StringAttribute{Description: description, Required: true, Validators: []validator.String{stringvalidator.RegexMatches(
			regexp.MustCompile(`^arn:aws(-[a-z]+)*:`), "must be an ARN")}}
	}
	optional := func(description string) schema.StringAttribute {
		return schema.StringAttribute{Description: description, Optional: true}
	}
	required := func(description string) schema.StringAttribute {
		return schema.StringAttribute{Description: description, Required: true, Validators: []validator.String{stringvalidator.LengthAtLeast(1)}}
	}
	attrs := map[string]schema.Attribute{
		"id":          serverSetAttribute("Identifier of the event destination (`ed_...`)."),
		"uri":         serverSetAttribute("API address of the event destination."),
		"created_at":  serverSetAttribute("When the event destination was created, RFC 3339."),
		"description": descriptionResourceAttribute(),
		"metadata":    metadataResourceAttribute(),
		"format": schema.StringAttribute{
			Description: "Format of the events sent: `json`, the only one the API accepts (in any case). Defaults to `json`.",
			Optional:    true,
			Computed:    true,
			Default:     stringdefault.StaticString("json"),
			Validators:  []validator.String{stringvalidator.OneOfCaseInsensitive("json")},
		},
		"target": schema.SingleNestedAttribute{
			Description: fmt.Sprintf("Where events go: exactly one of %s. Another kind of target replaces the destination.", quotedList(eventTargetKinds)),
			Required:    true,
			Attributes: map[string]schema.Attribute{
				"firehose": schema.SingleNestedAttribute{
					Description: "An Amazon Data Firehose delivery stream.", Optional: true, PlanModifiers: replacedByAnotherKind,
					Attributes: map[string]schema.Attribute{"auth": awsAuth, "delivery_stream_arn": arn("ARN of the delivery stream.")},
				},
				"kinesis": schema.SingleNestedAttribute{
					Description: "An Amazon Kinesis data stream.", Optional: true, PlanModifiers: replacedByAnotherKind,
					Attributes: map[string]schema.Attribute{"auth": awsAuth, "stream_arn": arn("ARN of the stream.")},
				},
				"cloudwatch_logs": schema.SingleNestedAttribute{
					Description: "An Amazon CloudWatch Logs log group.", Optional: true, PlanModifiers: replacedByAnotherKind,
					Attributes: map[string]schema.Attribute{"auth": awsAuth, "log_group_arn": arn("ARN of the log group.")},
				},
				"datadog": schema.SingleNestedAttribute{
					Description: "Datadog's logs intake. Its API key is `api_key_wo` (or `api_key`), beside `target`.",
					Optional:    true, PlanModifiers: replacedByAnotherKind,
					Attributes: map[string]schema.Attribute{
						"ddtags":  optional("Tags sent with each event (`key:value,...`)."),
						"service": optional("Service name sent with each event."),
						"ddsite": schema.StringAttribute{
							Description: fmt.Sprintf("Datadog site: %s.", quotedList(datadogSites)),
							Optional:    true,
							Validators:  []validator.String{stringvalidator.OneOf(datadogSites...)},
						},
					},
				},
				"azure_logs_ingestion": schema.SingleNestedAttribute{
					Description: "Azure Monitor's Logs Ingestion API. Its client secret is `client_secret_wo` (or `client_secret`), beside `target`.",
					Optional:    true, PlanModifiers: replacedByAnotherKind,
					Attributes: map[string]schema.Attribute{
						"tenant_id":                   required("Tenant ID of the Azure account."),
						"client_id":                   required("Client ID of the application."),
						"logs_ingestion_uri":          required("Logs ingestion URI of the data collection endpoint."),
						"data_collection_rule_id":     required("Immutable ID of the data collection rule."),
						"data_collection_stream_name": required("Stream of the data collection rule that receives the events."),
					},
				},
			},
		},
	}
	for _, c := range eventCredentials {
		attrs[c.name+"_wo"] = schema.StringAttribute{
			Description: fmt.Sprintf("The %s of %s, write-only (Terraform 1.11 and later): sent to the API, never stored in the "+
				"plan or the state. Requires `%s_wo_version`. With %s, exactly one of `%s_wo` and `%s` is required.",
				credentialNoun(c.name), c.holder, c.name, c.holder, c.name, c.name),
			Optional: true, Sensitive: true, WriteOnly: true,
			Validators: []validator.String{stringvalidator.LengthAtLeast(1)},
		}
		attrs[c.name+"_wo_version"] = schema.Int64Attribute{
			Description: fmt.Sprintf("Version of `%s_wo`, required with it: change it to send the current `%s_wo`, in place "+
				"(Terraform cannot see a change of a write-only value).", c.name, c.name),
			Optional: true,
		}
		attrs[c.name] = schema.StringAttribute{
			Description: fmt.Sprintf("The %s of %s, stored in the state (marked sensitive). For configurations moved from "+
				"ngrok/ngrok, whose state holds it; prefer `%s_wo`. Changed in place.", credentialNoun(c.name), c.holder, c.name),
			Optional: true, Sensitive: true,
			Validators: []validator.String{stringvalidator.LengthAtLeast(1)},
		}
	}
	return attrs
}

func credentialNoun(name string) string {
	switch name {
	case "aws_secret_access_key":
		return "secret access key"
	case "api_key":
		return "Datadog API key"
	}
	return "client secret"
}

// targetKindChanged replaces the destination when a kind of target it has
// goes, or one it lacks comes: the API cannot change the kind.
func targetKindChanged(_ context.Context, req planmodifier.ObjectRequest, resp *objectplanmodifier.RequiresReplaceIfFuncResponse) {
	resp.RequiresReplace = !req.StateValue.IsUnknown() && !req.PlanValue.IsUnknown() && req.StateValue.IsNull() != req.PlanValue.IsNull()
}

// validateEventCredentials requires, at plan time, the credential of the
// target configured (one of its two attributes), and no credential that
// the target does not take.
func validateEventCredentials(ctx context.Context, req resource.ValidateConfigRequest, resp *resource.ValidateConfigResponse) {
	var m eventDestinationModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &m)...)
	if resp.Diagnostics.HasError() || m.Target == nil {
		return
	}
	needs := map[string]bool{"api_key": m.Target.Datadog != nil, "client_secret": m.Target.AzureLogsIngestion != nil}
	if a := m.Target.awsAuth(); a != nil && a.Creds != nil {
		needs["aws_secret_access_key"] = true
	}
	given := map[string][2]types.String{
		"api_key":               {m.APIKey, m.APIKeyWO},
		"aws_secret_access_key": {m.AWSSecretAccessKey, m.AWSSecretAccessKeyWO},
		"client_secret":         {m.ClientSecret, m.ClientSecretWO},
	}
	for _, c := range eventCredentials {
		v := given[c.name]
		set := !v[0].IsNull() || !v[1].IsNull()
		unknown := v[0].IsUnknown() || v[1].IsUnknown()
		switch {
		case needs[c.name] && !set && !unknown:
			resp.Diagnostics.AddAttributeError(path.Root(c.name+"_wo"), "Missing "+titleCase(credentialNoun(c.name)),
				fmt.Sprintf("With %s, the API needs its %s: give %s_wo (with %s_wo_version), or %s.",
					c.holder, credentialNoun(c.name), c.name, c.name, c.name))
		case !needs[c.name] && set:
			resp.Diagnostics.AddAttributeError(path.Root(c.name), "Unused "+titleCase(credentialNoun(c.name)),
				fmt.Sprintf("%s and %s_wo go with %s only, which this destination does not have: remove them.", c.name, c.name, c.holder))
		}
	}
}

type eventDestinationModel struct {
	ID                          types.String      `tfsdk:"id"`
	URI                         types.String      `tfsdk:"uri"`
	CreatedAt                   types.String      `tfsdk:"created_at"`
	Description                 types.String      `tfsdk:"description"`
	Metadata                    types.String      `tfsdk:"metadata"`
	Format                      types.String      `tfsdk:"format"`
	Target                      *eventTargetModel `tfsdk:"target"`
	APIKeyWO                    types.String      `tfsdk:"api_key_wo"`
	APIKeyWOVersion             types.Int64       `tfsdk:"api_key_wo_version"`
	APIKey                      types.String      `tfsdk:"api_key"`
	AWSSecretAccessKeyWO        types.String      `tfsdk:"aws_secret_access_key_wo"`
	AWSSecretAccessKeyWOVersion types.Int64       `tfsdk:"aws_secret_access_key_wo_version"`
	AWSSecretAccessKey          types.String      `tfsdk:"aws_secret_access_key"`
	ClientSecretWO              types.String      `tfsdk:"client_secret_wo"`
	ClientSecretWOVersion       types.Int64       `tfsdk:"client_secret_wo_version"`
	ClientSecret                types.String      `tfsdk:"client_secret"`
}

type eventTargetModel struct {
	Firehose           *eventFirehoseModel    `tfsdk:"firehose"`
	Kinesis            *eventKinesisModel     `tfsdk:"kinesis"`
	CloudwatchLogs     *eventCloudwatchModel  `tfsdk:"cloudwatch_logs"`
	Datadog            *eventDatadogModel     `tfsdk:"datadog"`
	AzureLogsIngestion *eventAzureTargetModel `tfsdk:"azure_logs_ingestion"`
}

type eventFirehoseModel struct {
	Auth              *awsAuthModel `tfsdk:"auth"`
	DeliveryStreamARN types.String  `tfsdk:"delivery_stream_arn"`
}

type eventKinesisModel struct {
	Auth      *awsAuthModel `tfsdk:"auth"`
	StreamARN types.String  `tfsdk:"stream_arn"`
}

type eventCloudwatchModel struct {
	Auth        *awsAuthModel `tfsdk:"auth"`
	LogGroupARN types.String  `tfsdk:"log_group_arn"`
}

type awsAuthModel struct {
	Role  *awsRoleModel  `tfsdk:"role"`
	Creds *awsCredsModel `tfsdk:"creds"`
}

type awsRoleModel struct {
	RoleARN types.String `tfsdk:"role_arn"`
}

type awsCredsModel struct {
	AWSAccessKeyID types.String `tfsdk:"aws_access_key_id"`
}

type eventDatadogModel struct {
	DDTags  types.String `tfsdk:"ddtags"`
	Service types.String `tfsdk:"service"`
	DDSite  types.String `tfsdk:"ddsite"`
}

type eventAzureTargetModel struct {
	TenantID                 types.String `tfsdk:"tenant_id"`
	ClientID                 types.String `tfsdk:"client_id"`
	LogsIngestionURI         types.String `tfsdk:"logs_ingestion_uri"`
	DataCollectionRuleID     types.String `tfsdk:"data_collection_rule_id"`
	DataCollectionStreamName types.String `tfsdk:"data_collection_stream_name"`
}

// awsAuth is the auth of the target's AWS kind, nil for another.
func (t *eventTargetModel) awsAuth() *awsAuthModel {
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

func eventTargetKind(t *apiclient.EventTarget) string {
	switch {
	case t.Firehose != nil:
		return "firehose"
	case t.Kinesis != nil:
		return "kinesis"
	case t.CloudwatchLogs != nil:
		return "cloudwatch_logs"
	case t.Datadog != nil:
		return "datadog"
	case t.AzureLogsIngestion != nil:
		return "azure_logs_ingestion"
	}
	return "no target"
}

// eventDestinationModelFromAPI maps the API object onto the model; the
// credentials, which the API never returns, are null (keep restores what
// the state holds).
func eventDestinationModelFromAPI(d *apiclient.EventDestination) (eventDestinationModel, error) {
	t := &eventTargetModel{}
	awsAuth := func(auth apiclient.AWSAuth) *awsAuthModel {
		a := &awsAuthModel{}
		if auth.Role != nil {
			a.Role = &awsRoleModel{RoleARN: types.StringValue(auth.Role.RoleARN)}
		}
		if auth.Creds != nil {
			a.Creds = &awsCredsModel{AWSAccessKeyID: types.StringValue(auth.Creds.AWSAccessKeyID)}
		}
		return a
	}
	switch tg := d.Target; {
	case tg.Firehose != nil:
		t.Firehose = &eventFirehoseModel{Auth: awsAuth(tg.Firehose.Auth), DeliveryStreamARN: types.StringValue(tg.Firehose.DeliveryStreamARN)}
	case tg.Kinesis != nil:
		t.Kinesis = &eventKinesisModel{Auth: awsAuth(tg.Kinesis.Auth), StreamARN: types.StringValue(tg.Kinesis.StreamARN)}
	case tg.CloudwatchLogs != nil:
		t.CloudwatchLogs = &eventCloudwatchModel{Auth: awsAuth(tg.CloudwatchLogs.Auth), LogGroupARN: types.StringValue(tg.CloudwatchLogs.LogGroupARN)}
	case tg.Datadog != nil:
		t.Datadog = &eventDatadogModel{
			DDTags: types.StringPointerValue(tg.Datadog.DDTags), Service: types.StringPointerValue(tg.Datadog.Service),
			DDSite: types.StringPointerValue(tg.Datadog.DDSite),
		}
	case tg.AzureLogsIngestion != nil:
		a := tg.AzureLogsIngestion
		t.AzureLogsIngestion = &eventAzureTargetModel{
			TenantID: types.StringValue(a.TenantID), ClientID: types.StringValue(a.ClientID),
			LogsIngestionURI: types.StringValue(a.LogsIngestionURI), DataCollectionRuleID: types.StringValue(a.DataCollectionRuleID),
			DataCollectionStreamName: types.StringValue(a.DataCollectionStreamName),
		}
	default:
		return eventDestinationModel{}, fmt.Errorf("event destination %s: the API answered a target of no known kind", d.ID)
	}
	return eventDestinationModel{
		ID:          types.StringValue(d.ID),
		URI:         types.StringValue(d.URI),
		CreatedAt:   types.StringValue(d.CreatedAt),
		Description: types.StringValue(d.Description),
		Metadata:    types.StringValue(d.Metadata),
		Format:      types.StringValue(d.Format),
		Target:      t,
		APIKeyWO:    types.StringNull(), APIKeyWOVersion: types.Int64Null(), APIKey: types.StringNull(),
		AWSSecretAccessKeyWO: types.StringNull(), AWSSecretAccessKeyWOVersion: types.Int64Null(), AWSSecretAccessKey: types.StringNull(),
		ClientSecretWO: types.StringNull(), ClientSecretWOVersion: types.Int64Null(), ClientSecret: types.StringNull(),
	}, nil
}

// credential is the write-only value when given, else the stored one.
func credential(wo, stored types.String) *string {
	if !wo.IsNull() && !wo.IsUnknown() {
		return wo.ValueStringPointer()
	}
	if !stored.IsNull() && !stored.IsUnknown() {
		return stored.ValueStringPointer()
	}
	return nil
}

// credentialOrEmpty is credential, "" for none.
func credentialOrEmpty(wo, stored types.String) string {
	if c := credential(wo, stored); c != nil {
		return *c
	}
	return ""
}

// target is the API's target of the model, with its credential.
func (m eventDestinationModel) target() apiclient.EventTarget {
	var out apiclient.EventTarget
	t := m.Target
	if t == nil {
		return out
	}
	awsAuth := func(a *awsAuthModel) apiclient.AWSAuth {
		var auth apiclient.AWSAuth
		if a == nil {
			return auth
		}
		if a.Role != nil {
			auth.Role = &apiclient.AWSRole{RoleARN: a.Role.RoleARN.ValueString()}
		}
		if a.Creds != nil {
			auth.Creds = &apiclient.AWSCredentials{AWSAccessKeyID: a.Creds.AWSAccessKeyID.ValueString(),
				AWSSecretAccessKey: credential(m.AWSSecretAccessKeyWO, m.AWSSecretAccessKey)}
		}
		return auth
	}
	switch {
	case t.Firehose != nil:
		out.Firehose = &apiclient.EventTargetFirehose{Auth: awsAuth(t.Firehose.Auth), DeliveryStreamARN: t.Firehose.DeliveryStreamARN.ValueString()}
	case t.Kinesis != nil:
		out.Kinesis = &apiclient.EventTargetKinesis{Auth: awsAuth(t.Kinesis.Auth), StreamARN: t.Kinesis.StreamARN.ValueString()}
	case t.CloudwatchLogs != nil:
		out.CloudwatchLogs = &apiclient.EventTargetCloudwatchLogs{Auth: awsAuth(t.CloudwatchLogs.Auth), LogGroupARN: t.CloudwatchLogs.LogGroupARN.ValueString()}
	case t.Datadog != nil:
		out.Datadog = &apiclient.EventTargetDatadog{
			APIKey: credential(m.APIKeyWO, m.APIKey), DDTags: t.Datadog.DDTags.ValueStringPointer(),
			Service: t.Datadog.Service.ValueStringPointer(), DDSite: t.Datadog.DDSite.ValueStringPointer(),
		}
	case t.AzureLogsIngestion != nil:
		a := t.AzureLogsIngestion
		out.AzureLogsIngestion = &apiclient.EventTargetAzureLogsIngestion{
			TenantID: a.TenantID.ValueString(), ClientID: a.ClientID.ValueString(),
			ClientSecret:     credentialOrEmpty(m.ClientSecretWO, m.ClientSecret),
			LogsIngestionURI: a.LogsIngestionURI.ValueString(), DataCollectionRuleID: a.DataCollectionRuleID.ValueString(),
			DataCollectionStreamName: a.DataCollectionStreamName.ValueString(),
		}
	}
	return out
}

func (m eventDestinationModel) toCreate() *apiclient.EventDestinationCreate {
	return &apiclient.EventDestinationCreate{
		Description: m.Description.ValueString(), Metadata: m.Metadata.ValueString(), Format: m.Format.ValueString(), Target: m.target(),
	}
}

// toUpdate sends the whole target, with its credential, which the write-only
// attribute holds at every apply (fromConfig) and the stored one in the
// state: the API replaces the target.
func (m eventDestinationModel) toUpdate() *apiclient.EventDestinationUpdate {
	t := m.target()
	return &apiclient.EventDestinationUpdate{
		Description: m.Description.ValueStringPointer(), Metadata: m.Metadata.ValueStringPointer(),
		Format: m.Format.ValueStringPointer(), Target: &t,
	}
}

// normalizeEventDestinationState brings ngrok/ngrok's state to this
// provider's: v0.7 stores the target and its parts as lists of one block,
// both keep each credential inside the target, where this provider keeps
// it beside the target, and both store "" where this provider stores null.
func normalizeEventDestinationState(a stateAttrs) error {
	a.nullIfEmpty("uri", "created_at")
	a.emptyIfNull("description", "metadata")
	a.defaultIfNull("format", "json")
	if err := a.singleObject("target"); err != nil {
		return err
	}
	target, _ := a["target"].(map[string]any)
	if target == nil {
		return nil
	}
	t := stateAttrs(target)
	for _, kind := range eventTargetKinds {
		if err := t.singleObject(kind); err != nil {
			return err
		}
		k, _ := t[kind].(map[string]any)
		if k == nil {
			continue
		}
		ka := stateAttrs(k)
		switch kind {
		case "datadog":
			moveCredential(a, ka, "api_key")
			ka.nullIfEmpty("ddtags", "service", "ddsite")
		case "azure_logs_ingestion":
			moveCredential(a, ka, "client_secret")
		default:
			if err := ka.singleObject("auth"); err != nil {
				return err
			}
			auth, _ := ka["auth"].(map[string]any)
			if auth == nil {
				continue
			}
			aa := stateAttrs(auth)
			for _, name := range []string{"role", "creds"} {
				if err := aa.singleObject(name); err != nil {
					return err
				}
			}
			if creds, _ := aa["creds"].(map[string]any); creds != nil {
				moveCredential(a, stateAttrs(creds), "aws_secret_access_key")
			}
		}
	}
	return nil
}

// moveCredential moves a credential from a target's part (from) to the
// resource (a), where this provider keeps it; "" is no credential.
func moveCredential(a, from stateAttrs, name string) {
	if v, ok := from[name].(string); ok && v != "" {
		a[name] = v
	}
	delete(from, name)
}
