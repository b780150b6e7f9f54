# language: fr
Fonctionnalité: panier
  Scénario: ajout
    Soit un panier vide
    Quand j'ajoute 1 article
    Alors le panier contient 1 article
