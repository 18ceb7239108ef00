tofukit token-var my-registry.example.com
