extension GherkinDialect {
    /// English, the default language of every document.
    public static let english = GherkinDialect(
        language: "en", name: "English", native: "English",
        feature: ["Feature", "Business Need", "Ability"],
        rule: ["Rule"],
        background: ["Background"],
        scenario: ["Example", "Scenario"],
        scenarioOutline: ["Scenario Outline", "Scenario Template"],
        examples: ["Examples", "Scenarios"],
        given: ["* ", "Given "],
        when: ["* ", "When "],
        then: ["* ", "Then "],
        and: ["* ", "And "],
        but: ["* ", "But "]
    )

    /// French (`# language: fr`).
    public static let french = GherkinDialect(
        language: "fr", name: "French", native: "français",
        feature: ["Fonctionnalité"],
        rule: ["Règle"],
        background: ["Contexte"],
        scenario: ["Exemple", "Scénario"],
        scenarioOutline: ["Plan du scénario", "Plan du Scénario"],
        examples: ["Exemples"],
        given: [
            "* ", "Soit ", "Sachant que ", "Sachant qu'", "Sachant ",
            "Etant donné que ", "Etant donné qu'", "Etant donné ", "Etant donnée ", "Etant donnés ", "Etant données ",
            "Étant donné que ", "Étant donné qu'", "Étant donné ", "Étant donnée ", "Étant donnés ", "Étant données ",
        ],
        when: ["* ", "Quand ", "Lorsque ", "Lorsqu'"],
        then: ["* ", "Alors ", "Donc "],
        and: ["* ", "Et que ", "Et qu'", "Et "],
        but: ["* ", "Mais que ", "Mais qu'", "Mais "]
    )

    /// German (`# language: de`).
    public static let german = GherkinDialect(
        language: "de", name: "German", native: "Deutsch",
        feature: ["Funktionalität", "Funktion"],
        rule: ["Rule", "Regel"],
        background: ["Grundlage", "Hintergrund", "Voraussetzungen", "Vorbedingungen"],
        scenario: ["Beispiel", "Szenario"],
        scenarioOutline: ["Szenariogrundriss", "Szenarien"],
        examples: ["Beispiele"],
        given: ["* ", "Angenommen ", "Gegeben sei ", "Gegeben seien "],
        when: ["* ", "Wenn "],
        then: ["* ", "Dann "],
        and: ["* ", "Und "],
        but: ["* ", "Aber "]
    )

    /// Spanish (`# language: es`).
    public static let spanish = GherkinDialect(
        language: "es", name: "Spanish", native: "español",
        feature: ["Característica", "Necesidad del negocio", "Requisito"],
        rule: ["Regla", "Regla de negocio"],
        background: ["Antecedentes"],
        scenario: ["Ejemplo", "Escenario"],
        scenarioOutline: ["Esquema del escenario"],
        examples: ["Ejemplos"],
        given: ["* ", "Dado ", "Dada ", "Dados ", "Dadas "],
        when: ["* ", "Cuando "],
        then: ["* ", "Entonces "],
        and: ["* ", "Y ", "E "],
        but: ["* ", "Pero "]
    )

    /// Portuguese (`# language: pt`).
    public static let portuguese = GherkinDialect(
        language: "pt", name: "Portuguese", native: "português",
        feature: ["Funcionalidade", "Característica", "Caracteristica"],
        rule: ["Regra"],
        background: ["Contexto", "Cenário de Fundo", "Cenario de Fundo", "Fundo"],
        scenario: ["Exemplo", "Cenário", "Cenario"],
        scenarioOutline: [
            "Esquema do Cenário", "Esquema do Cenario", "Delineação do Cenário", "Delineacao do Cenario",
        ],
        examples: ["Exemplos", "Cenários", "Cenarios"],
        given: ["* ", "Dado ", "Dada ", "Dados ", "Dadas "],
        when: ["* ", "Quando "],
        then: ["* ", "Então ", "Entao "],
        and: ["* ", "E "],
        but: ["* ", "Mas "]
    )

    /// The languages built into the parser: English, French, German, Spanish and Portuguese.
    public static let builtIn: [GherkinDialect] = [english, french, german, spanish, portuguese]
}
