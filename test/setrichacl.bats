#!/usr/bin/env bats
@test "placeholder" {
  false
}
