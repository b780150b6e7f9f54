Feature: A step that reads its standard input
  Run from the editor, a step (or a process it starts) must not take the editor's messages.

  Scenario: a step reads its standard input
    When the step reads its standard input to the end
