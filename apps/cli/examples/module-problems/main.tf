# Three calls, each with a problem: tofukit check reports them all in one run (OpenTofu stops at
# the first call whose arguments fail), and says which module it could not read.
variable "environment" {
  type    = string
  default = "production"
}

module "web" {
  source   = "./modules/service"
  name     = "web"
  replicas = "three"
}

module "worker" {
  source  = "./modules/service"
  name    = "worker-${var.environment}"
  replica = 2
}

module "vpc" {
  source  = "terraform-aws-modules/vpc/aws"
  version = "5.8.1"
}
