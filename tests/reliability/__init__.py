"""Reliability tests (issue 11): crashes, races, random play with illegal moves, hostile input."""
