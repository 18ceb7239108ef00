variable "name" {
  type = string

  validation {
    condition     = length(var.name) <= 12
    error_message = "A service name has at most 12 characters."
  }
}

variable "replicas" {
  type    = number
  default = 1
}
