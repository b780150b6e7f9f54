// Placeholder: this module is being built. Delete this file once the module has real sources.
