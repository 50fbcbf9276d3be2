"""Contains methods for accessing the API"""
