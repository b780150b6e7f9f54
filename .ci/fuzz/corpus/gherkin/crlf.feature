Feature: t
  Scenario: s
    Given x
      | a \| b | c\\ | d\n |
      ```
      \`\`\`
      ```
