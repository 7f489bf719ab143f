// Validates requests and responses against the Frontend API description.
