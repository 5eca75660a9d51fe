package provider

// Limits of the API that every object shares: the free-text attributes
// (schema_attributes.go, and the ephemeral certificate's own).
const (
	maxDescriptionBytes = 255
	maxMetadataBytes    = 4096
)
