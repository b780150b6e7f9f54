Feature: minimal
