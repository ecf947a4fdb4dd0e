#!/usr/bin/env node
// The command line by its former name (tests and scripts run it): the same as bin/riichi-lens.cjs, which
// package.json names as the `riichi-lens` command, by way of Node's ES module loader.
import './riichi-lens.cjs';
