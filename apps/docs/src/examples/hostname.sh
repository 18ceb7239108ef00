tofukit hostname Bücher.example:443 registry.opentofu.org
