"""A minimal discord.py bot for the emulator's own tests: one feature per command."""

from __future__ import annotations

import asyncio
import io
import re
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands
from PIL import Image


def picture(colour: str = "red") -> bytes:
    """A small real PNG, so tests compare the bytes that went through multipart uploads."""
    buffer = io.BytesIO()
    Image.new("RGB", (4, 4), colour).save(buffer, format="PNG")
    return buffer.getvalue()


class Compteur(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"compteur:(?P<n>[0-9]+)"):
    """A button that survives restarts: its count lives in its custom_id."""

    def __init__(self, n: int) -> None:
        super().__init__(discord.ui.Button(label=f"Compter ({n})", custom_id=f"compteur:{n}"))
        self.n = n

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> Compteur:
        return cls(int(match["n"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        view = discord.ui.View(timeout=None)
        view.add_item(Compteur(self.n + 1))
        stamp = int(interaction.created_at.timestamp() * 1000)
        await interaction.response.edit_message(content=f"Compteur : {self.n + 1} (clic à {stamp})", view=view)


class Jeux(discord.ui.View):
    @discord.ui.select(
        placeholder="Choisis un jeu",
        options=[discord.SelectOption(label=n, value=n) for n in ("culdechouette", "cabane", "chevre")],
    )
    async def choisir(self, interaction: discord.Interaction[Any], select: discord.ui.Select[Any]) -> None:
        await interaction.response.edit_message(content=f"Tu as choisi {select.values[0]}", view=None)


class Salut(discord.ui.View):
    def __init__(self) -> None:
        super().__init__(timeout=60)
        self.clicks = 0

    @discord.ui.button(label="Encore", style=discord.ButtonStyle.primary)
    async def encore(self, interaction: discord.Interaction[Any], button: discord.ui.Button[Any]) -> None:
        self.clicks += 1
        await interaction.response.edit_message(content=f"Re-salut ×{self.clicks}")

    @discord.ui.button(label="Plus tard", style=discord.ButtonStyle.secondary)
    async def plus_tard(self, interaction: discord.Interaction[Any], button: discord.ui.Button[Any]) -> None:
        await interaction.response.defer()
        await interaction.edit_original_response(content="Salut, avec un peu de retard", view=None)


class Nom(discord.ui.Modal, title="Ton nom"):
    nom: discord.ui.TextInput[Any] = discord.ui.TextInput(label="Nom", max_length=20)

    async def on_submit(self, interaction: discord.Interaction[Any]) -> None:
        await interaction.response.send_message(f"Bienvenue {self.nom.value} !")


LAYOUT_BET = "Miser"  # the Section's text beside its button


def layout_picture() -> discord.File:
    return discord.File(io.BytesIO(picture("green")), filename="des.png")


def layout_table(text_length: int) -> discord.ui.LayoutView:
    """A table as a layout message: a text of ``text_length`` characters, a bet with its button
    (a Section: three components), the dice picture in a gallery, all in an accented container."""
    view = discord.ui.LayoutView(timeout=None)
    bet = discord.ui.Section(
        discord.ui.TextDisplay(LAYOUT_BET),
        accessory=discord.ui.Button(label="Parier", custom_id="pari:1"),
    )
    gallery = discord.ui.MediaGallery(discord.MediaGalleryItem("attachment://des.png", description="Les dés"))
    view.add_item(
        discord.ui.Container(
            discord.ui.TextDisplay("x" * text_length), bet, gallery, accent_colour=discord.Colour.dark_green()
        )
    )
    return view


class SampleBot(commands.Bot):
    def __init__(
        self, *, message_content: bool = True, members: bool = False, guild: discord.abc.Snowflake | None = None
    ) -> None:
        intents = discord.Intents.default()
        intents.message_content = message_content
        intents.members = members
        super().__init__(command_prefix="!", intents=intents, guild_ready_timeout=0.05)
        self.sync_guild = guild
        self.errors: list[BaseException] = []
        self.seen_messages: list[str] = []
        self.gate = asyncio.Event()
        self.burst_done = asyncio.Event()
        self.ready_seen = asyncio.Event()
        self._register()

    async def setup_hook(self) -> None:
        self.add_dynamic_items(Compteur)
        if self.sync_guild is not None:
            self.tree.copy_global_to(guild=self.sync_guild)
            await self.tree.sync(guild=self.sync_guild)
        else:
            await self.tree.sync()

    async def on_ready(self) -> None:
        self.ready_seen.set()

    async def on_message(self, message: discord.Message) -> None:
        if message.author.bot:
            return
        self.seen_messages.append(message.content)
        if message.content.startswith("Sloubi "):
            number = int(message.content.split()[1])
            await message.channel.send(f"Sloubi {number + 1}")

    def _register(self) -> None:
        tree = self.tree

        @tree.command(name="salut", description="Dit bonjour en privé")
        async def salut(interaction: discord.Interaction[Any]) -> None:
            await interaction.response.send_message(
                f"Salut {interaction.user.display_name} !", ephemeral=True, view=Salut()
            )

        @tree.command(name="compteur", description="Un compteur persistant")
        async def compteur(interaction: discord.Interaction[Any]) -> None:
            view = discord.ui.View(timeout=None)
            view.add_item(Compteur(0))
            await interaction.response.send_message("Compteur : 0", view=view)

        @tree.command(name="jeu", description="Choisir un jeu")
        async def jeu(interaction: discord.Interaction[Any]) -> None:
            await interaction.response.send_message("Quel jeu ?", view=Jeux())

        async def jeux_possibles(interaction: discord.Interaction[Any], current: str) -> list[app_commands.Choice[str]]:
            names = ("culdechouette", "cabane", "chevre", "barricade", "ludicitude")
            return [app_commands.Choice(name=n.capitalize(), value=n) for n in names if current in n]

        @tree.command(name="partie", description="Ouvre une partie")
        @app_commands.autocomplete(jeu=jeux_possibles)
        async def partie(interaction: discord.Interaction[Any], jeu: str) -> None:
            await interaction.response.send_message(f"Partie de {jeu}")

        @tree.command(name="nom", description="Demande ton nom")
        async def nom(interaction: discord.Interaction[Any]) -> None:
            await interaction.response.send_modal(Nom())

        @tree.command(name="lancer", description="Lance des dés")
        @app_commands.describe(des="Nombre de dés", joueur="Pour qui")
        async def lancer(interaction: discord.Interaction[Any], des: int, joueur: discord.Member | None = None) -> None:
            who = joueur.display_name if joueur is not None else interaction.user.display_name
            await interaction.response.send_message(f"{who} lance {des} dés")

        @tree.command(name="suivi", description="Réfléchit puis répond deux fois")
        async def suivi(interaction: discord.Interaction[Any]) -> None:
            await interaction.response.defer(thinking=True)
            await interaction.followup.send("Réponse après réflexion")
            await interaction.followup.send("Et un second message", ephemeral=True)
            await interaction.edit_original_response(content="Réponse corrigée")

        @tree.command(name="attente", description="Répond quand le test le permet")
        async def attente(interaction: discord.Interaction[Any]) -> None:
            await self.gate.wait()
            try:
                await interaction.response.send_message("Trop tard ?")
            except discord.HTTPException as error:
                self.errors.append(error)

        @tree.command(name="differe", description="Diffère puis répond quand le test le permet")
        async def differe(interaction: discord.Interaction[Any]) -> None:
            await interaction.response.defer()
            await self.gate.wait()
            try:
                await interaction.followup.send("Enfin")
            except discord.HTTPException as error:
                self.errors.append(error)

        @tree.command(name="songe", description="Réfléchit et oublie de répondre")
        async def songe(interaction: discord.Interaction[Any]) -> None:
            await interaction.response.defer(thinking=True)

        @tree.command(name="gros", description="Un embed trop grand")
        async def gros(interaction: discord.Interaction[Any]) -> None:
            embed = discord.Embed(title="Règles", description="x" * 4097)
            try:
                await interaction.response.send_message(embed=embed)
            except discord.HTTPException as error:
                self.errors.append(error)
                await interaction.response.send_message("Les règles sont trop longues.", ephemeral=True)

        @tree.command(name="mise_en_page", description="Une table en composants de mise en page")
        async def mise_en_page(interaction: discord.Interaction[Any], texte: int) -> None:
            try:
                await interaction.response.send_message(view=layout_table(texte), file=layout_picture())
            except discord.HTTPException as error:
                self.errors.append(error)
                await interaction.response.send_message("Table trop longue.", ephemeral=True)

        @tree.command(name="image", description="Envoie une image puis la remplace")
        async def image(interaction: discord.Interaction[Any]) -> None:
            await interaction.response.send_message(
                "Le plateau", file=discord.File(io.BytesIO(picture("red")), filename="plateau.png")
            )
            await interaction.edit_original_response(
                attachments=[discord.File(io.BytesIO(picture("blue")), filename="plateau2.png")]
            )

        @tree.command(name="cadre", description="Un embed qui montre une image jointe… ou pas")
        async def cadre(interaction: discord.Interaction[Any], jointe: bool) -> None:
            embed = discord.Embed(title="Le plateau").set_image(url="attachment://plateau.png")
            name = "plateau.png" if jointe else "autre.png"
            await interaction.response.send_message(
                embed=embed, file=discord.File(io.BytesIO(picture("green")), filename=name)
            )

        @tree.command(name="rafale", description="Édite un message dix fois de suite")
        async def rafale(interaction: discord.Interaction[Any]) -> None:
            await interaction.response.send_message("Rafale lancée", ephemeral=True)
            assert interaction.channel is not None and isinstance(interaction.channel, discord.TextChannel)
            message = await interaction.channel.send("Édition 0")
            for n in range(1, 11):
                await message.edit(content=f"Édition {n}")
            self.burst_done.set()

        @tree.command(name="efface", description="Écrit, relit puis efface un message du salon")
        async def efface(interaction: discord.Interaction[Any]) -> None:
            await interaction.response.send_message("Ce message sera effacé")
            sent = await interaction.original_response()
            assert isinstance(interaction.channel, discord.TextChannel)
            fetched = await interaction.channel.fetch_message(sent.id)
            await fetched.delete()
            await interaction.followup.send(f"Effacé : « {fetched.content} »", ephemeral=True)

        @tree.command(name="oubli", description="Une réponse qui s'efface d'elle-même")
        async def oubli(interaction: discord.Interaction[Any]) -> None:
            await interaction.response.send_message("Ce message va disparaître", delete_after=0.05)

        @tree.command(name="reaction", description="Réagit (route que l'émulateur ne connaît pas)")
        async def reaction(interaction: discord.Interaction[Any]) -> None:
            await interaction.response.send_message("Je réagis")
            message = await interaction.original_response()
            try:
                await message.add_reaction("🎲")
            except discord.HTTPException as error:
                self.errors.append(error)
